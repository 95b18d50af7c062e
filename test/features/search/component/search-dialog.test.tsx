import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { SearchAnswerSchema, type SearchAnswer } from '../../../../core/search/search';
import { SearchDialog } from '../../../../web/src/features/search/components/search-dialog';
import { json, renderAt, serve } from '../../../support/component/render';

const REGATTA_HIT = {
  objectID: 'summer-regatta',
  index: 'events',
  type: 'event',
  category: 'Racing',
  name: 'Summer Regatta',
  description: 'Racing round the cans',
  bookingUrl: '/events/book?id=summer-regatta',
  tags: ['racing'],
  highlights: {
    name: [
      { text: 'Summer ', match: false },
      { text: 'Regatta', match: true },
    ],
  },
};

const answer = (hits: unknown[]): SearchAnswer => SearchAnswerSchema.parse({ hits, provider: 'Algolia' });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderDialog(onClose = vi.fn()) {
  renderAt(
    '/',
    <>
      <SearchDialog open onClose={onClose} focusDelayMs={0} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );
  return onClose;
}

function search(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Search the Members Area' }), { target: { value: text } });
}

describe('The search dialog', () => {
  it('invites the member to type, and asks nothing until they do', () => {
    const calls = serve(() => json(200, answer([])));
    renderDialog();
    expect(screen.getByText('Start typing to search across all KYC content')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says "Searching..." until the answer comes, then the count and each hit with its match marked', async () => {
    let reply: (response: Response) => void = () => undefined;
    const calls = serve(() => new Promise<Response>((resolve) => (reply = resolve)));
    renderDialog();
    search('regatta');
    expect(await screen.findByText('Searching...')).toBeTruthy();
    reply(json(200, answer([REGATTA_HIT])));
    expect(await screen.findByText('1 result found')).toBeTruthy();
    const option = screen.getByRole('option');
    expect(option.textContent).toContain('Event: Summer Regatta');
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(option.querySelector('mark')?.textContent).toBe('Regatta');
    expect(screen.getByText('Algolia')).toBeTruthy();
    expect(calls).toEqual(['GET /api/search?q=regatta']);
  });

  it('says no results were found for the text', async () => {
    serve(() => json(200, answer([])));
    renderDialog();
    search('zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeTruthy();
    expect(screen.getByText('Try different keywords or check your spelling')).toBeTruthy();
  });

  it('opens the hit chosen with Enter, closing the dialog', async () => {
    serve(() => json(200, answer([REGATTA_HIT])));
    const onClose = renderDialog();
    search('regatta');
    await screen.findByText('1 result found');
    await userEvent.type(screen.getByRole('combobox'), '{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where').textContent).toBe('/events/book?id=summer-regatta');
  });

  it('empties the list without a message when the search fails, as the spec asks', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    let failing = false;
    serve(() => (failing ? json(500, { error: 'Internal error' }) : json(200, answer([REGATTA_HIT]))));
    renderDialog();
    search('regatta');
    await screen.findByText('1 result found');
    failing = true;
    search('regattas');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(screen.queryByText('Searching...')).toBeNull();
    expect(screen.queryByText(/results? found/)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Search failed', expect.anything());
  });
});
