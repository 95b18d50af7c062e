import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WATER_LEVEL_MESSAGES } from '@core/water-levels/water-levels';
import { WaterLevelsPage } from '../../../../web/src/features/water-levels/admin/components/water-levels-page';
import { json, renderAt, type FakeServer, heldAnswer, serveForm } from '../../../support/component/render';

const READING = { date: '2026-11-20', percentFull: 63.5 };

/** The water-levels screen with no readings yet; `add` answers Add Reading. */
function renderPage(add: FakeServer) {
  const recorded = serveForm(add, () => json(200, { readings: [] }));
  renderAt('/admin/water-levels', <WaterLevelsPage />);
  return recorded;
}

const date = () => screen.getByLabelText(/^Date/) as HTMLInputElement;
const percent = () => screen.getByLabelText(/^Percent full/) as HTMLInputElement;

describe('Add a Reading', () => {
  it('sends the date and percentage, then offers an empty form', async () => {
    const { posts, bodies } = renderPage(() => json(201, { reading: READING }));
    await screen.findByText('No readings in the last year.');
    await userEvent.type(date(), '20/11/2026');
    await userEvent.type(percent(), '63.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Reading' }));
    await waitFor(() => expect(date().value).toBe(''));
    expect(posts()).toEqual(['POST /api/admin/water-levels']);
    expect(bodies[0]).toEqual({ date: '20/11/2026', percentFull: '63.5' });
  });

  it("shows the core rule's messages at a submit, focuses the first, sends nothing, and clears each as it changes", async () => {
    const { posts } = renderPage(() => json(201, { reading: READING }));
    await userEvent.type(percent(), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Add Reading' }));
    expect(await screen.findByText(WATER_LEVEL_MESSAGES.dateRequired)).toBeTruthy();
    expect(screen.getByText(WATER_LEVEL_MESSAGES.percentOutOfRange)).toBeTruthy();
    expect(date().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(date()));
    expect(posts()).toEqual([]);
    await userEvent.type(date(), '2');
    expect(screen.queryByText(WATER_LEVEL_MESSAGES.dateRequired)).toBeNull();
    expect(screen.getByText(WATER_LEVEL_MESSAGES.percentOutOfRange)).toBeTruthy();
  });

  it('shows a reading the server has already for that date beside the date', async () => {
    renderPage(() => json(409, { error: 'There is a reading for 20/11/2026 already' }));
    await userEvent.type(date(), '20/11/2026');
    await userEvent.type(percent(), '63.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Reading' }));
    expect((await screen.findByText('There is a reading for 20/11/2026 already')).id).toBe('adm-wl-date-error');
    await waitFor(() => expect(document.activeElement).toBe(date()));
  });

  it('adds once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await userEvent.type(date(), '20/11/2026');
    await userEvent.type(percent(), '63.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Reading' }));
    const busy = await screen.findByRole('button', { name: 'Adding…' });
    expect(busy.closest('fieldset')?.disabled).toBe(true);
    await userEvent.click(busy);
    held.send(json(201, { reading: READING }));
    await waitFor(() => expect(date().value).toBe(''));
    expect(posts()).toEqual(['POST /api/admin/water-levels']);
  });
});
