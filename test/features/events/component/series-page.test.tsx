import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EVENT_CANCEL_MESSAGES } from '@core/bookings/event-cancellation';
import { SeriesPage } from '../../../../web/src/features/events/admin/components/series-pages';
import { anEvent, anEventSeries } from '../../../support/entities';
import { json } from '../../../support/component/render';
import { renderAdminAt, serveAdmin } from '../../../support/component/admin';
import type { FakeServer } from '../../../support/component/render';

// A series' page (docs/events.md, "Event series"): ending the series from a date.

const SERIES = anEventSeries({ id: 'autumn', name: 'Autumn Sundays' });
const DATES = [
  anEvent({ id: 'd1', name: 'Autumn Sundays', eventdatetime: '2026-10-04T09:00:00.000Z', eventenddatetime: '2026-10-04T15:00:00.000Z' }),
  anEvent({ id: 'd2', name: 'Autumn Sundays', eventdatetime: '2026-10-11T09:00:00.000Z', eventenddatetime: '2026-10-11T15:00:00.000Z' }),
];

function serveSeries(write: FakeServer): { calls: string[]; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const calls = serveAdmin(['events:write'], (request) => {
    if (request.method === 'GET')
      return request.path.startsWith('/api/admin/event-series/autumn')
        ? json(200, { series: SERIES, events: DATES, changeForms: {} })
        : json(200, { templates: [] });
    bodies.push(request.body);
    return write(request);
  });
  return { calls, bodies };
}

const renderPage = () => renderAdminAt('/admin/events/series/autumn', '/admin/events/series/:id', <SeriesPage />);

describe('ending a series early', () => {
  it('asks for the reason first, then cancels from the chosen date and says what it did', async () => {
    const { calls, bodies } = serveSeries(() => json(200, { cancelled: 1, bookingsCancelled: 2, refunded: 1, refundsFailed: 0, refundsByHand: 1 }));
    renderPage();
    const dates = await screen.findByRole('region', { name: 'Dates of the series' });
    await userEvent.click(within(dates).getAllByRole('button', { name: /^End series from here, / })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'End the series?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End series' }));
    expect(await within(dialog).findByText(EVENT_CANCEL_MESSAGES.reasonRequired)).toBeTruthy();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Reason members will be told/), 'The reservoir is drained');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End series' }));
    expect(await screen.findByText('Series ended: 1 date cancelled, 2 bookings cancelled; 1 refunded to a card, 1 to refund by hand.')).toBeTruthy();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual(['POST /api/admin/event-series/autumn/end']);
    expect(bodies).toEqual([{ fromEventId: 'd2', reason: 'The reservoir is drained' }]);
    expect(screen.queryByRole('dialog', { name: 'End the series?' })).toBeNull();
  });

  it('shows the server’s refusal in its words and keeps the dialog open', async () => {
    serveSeries(() => json(409, { error: 'Event "Autumn Sundays" is over and cannot be cancelled' }));
    renderPage();
    const dates = await screen.findByRole('region', { name: 'Dates of the series' });
    await userEvent.click(within(dates).getAllByRole('button', { name: /^End series from here, / })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'End the series?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason members will be told/), 'Storm damage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End series' }));
    expect(await within(dialog).findByText('Event "Autumn Sundays" is over and cannot be cancelled')).toBeTruthy();
  });
});
