import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { InformationPage } from '../../../../web/src/features/site-pages/components/information-page';
import { json, renderAt, serve, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const PAGE = {
  slug: 'information',
  title: 'Club Information',
  parts: [{ kind: 'html', html: '<h2>Mooring</h2><p>Ask the bosun. See the <a href="/calendar">calendar</a>.</p>' }],
};

function Calendar() {
  return <p>Calendar at {useLocation().pathname}</p>;
}

function renderInformation() {
  return renderAt(
    '/information',
    <Routes>
      <Route path="/information" element={<InformationPage />} />
      <Route path="/calendar" element={<Calendar />} />
    </Routes>,
  );
}

describe('The Club Information page', () => {
  it('shows its title at once and "Loading page..." until the words come, then the words', async () => {
    const held = heldAnswer();
    serve(() => held.response);
    renderInformation();
    expect(screen.getByRole('heading', { level: 1, name: 'Club Information' })).toBeTruthy();
    expect(screen.getByText('Loading page...')).toBeTruthy();
    held.send(json(200, PAGE));
    expect(await screen.findByRole('heading', { level: 2, name: 'Mooring' })).toBeTruthy();
    expect(screen.queryByText('Loading page...')).toBeNull();
  });

  it('opens a link to the app’s own page in the app', async () => {
    serve(() => json(200, PAGE));
    renderInformation();
    await userEvent.click(await screen.findByRole('link', { name: 'calendar' }));
    expect(await screen.findByText('Calendar at /calendar')).toBeTruthy();
  });

  it('says "Failed to load this page" with Try Again when the server fails', async () => {
    const read = failingUntilTryAgain(() => json(200, PAGE));
    const calls = serve(read.server);
    renderInformation();
    expect(await screen.findByText('Failed to load this page')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('heading', { level: 2, name: 'Mooring' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/pages/information', 'GET /api/pages/information']);
  });
});
