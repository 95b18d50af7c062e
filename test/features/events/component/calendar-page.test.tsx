import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toCalendarEvent } from '../../../../core/bookings/calendar-event';
import { CalendarPage } from '../../../../web/src/features/events/components/calendar-page';
import { anEvent } from '../../../support/entities';
import { json, renderAt, serve, heldAnswer } from '../../../support/component/render';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const REGATTA = { ...toCalendarEvent(anEvent(), 38, NOW), conditions: null };
const FULL = { ...toCalendarEvent(anEvent({ id: 'sail-training', name: 'Sail Training', capacity: 8 }), 8, NOW), conditions: null };

function calendarAnswer(events: unknown[]) {
  return json(200, { events, workDays: [], forecastAttribution: null });
}

describe('The calendar page', () => {
  it('shows "Loading events..." until the events come, then each with its places and its way to book', async () => {
    const held = heldAnswer();
    serve(() => held.response);
    renderAt('/calendar', <CalendarPage />);
    expect(screen.getByText('Loading events...')).toBeTruthy();
    held.send(calendarAnswer([REGATTA, FULL]));
    expect(await screen.findByRole('heading', { name: 'Summer Regatta' })).toBeTruthy();
    expect(screen.getByText('2 places left')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book Event : Summer Regatta' }).getAttribute('href')).toBe('/event-booking?id=summer-regatta');
    // A full event offers no booking.
    expect(screen.getByText('Fully booked')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book Event : Sail Training' })).toBeNull();
  });

  it('opens an event’s longer description with Show more', async () => {
    serve(() => calendarAnswer([REGATTA]));
    renderAt('/calendar', <CalendarPage />);
    const more = await screen.findByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(REGATTA.longdescription).closest('[hidden]')).toBeNull();
  });

  it('says "No Upcoming Events" when there are none', async () => {
    serve(() => calendarAnswer([]));
    renderAt('/calendar', <CalendarPage />);
    expect(await screen.findByRole('heading', { name: 'No Upcoming Events' })).toBeTruthy();
  });

  it('says "Failed to fetch events" when the server fails, and Try Again asks again', async () => {
    let failing = true;
    const calls = serve(() => (failing ? json(503, { error: 'Service unavailable' }) : calendarAnswer([REGATTA])));
    renderAt('/calendar', <CalendarPage />);
    expect(await screen.findByText('Failed to fetch events')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Summer Regatta' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/events', 'GET /api/events']);
  });
});
