import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentFilePath, eventBookingPath, PATHS, workDayPath } from '../../../core/paths';

/** What the page reads back from the address, as the browser does. */
function read(path: string): { pathname: string; params: Record<string, string> } {
  const url = new URL(path, 'https://club.example');
  return { pathname: url.pathname, params: Object.fromEntries(url.searchParams) };
}

describe('the app’s addresses', () => {
  it('give back any event id, work-day id and checkout id exactly in the query, whatever their characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (id, checkoutId) => {
        expect(read(eventBookingPath(id))).toEqual({ pathname: PATHS.eventBooking, params: { id } });
        expect(read(eventBookingPath(id, { step: 'pending', checkoutId }))).toEqual({
          pathname: PATHS.eventBooking,
          params: { id, payment: 'pending', checkoutId },
        });
        expect(read(workDayPath(id))).toEqual({ pathname: PATHS.workDayBooking, params: { id } });
      }),
    );
  });

  it('name the list of work days without an id, and a document’s PDF by its id', () => {
    expect(documentFilePath('club rules/2026')).toBe('/api/documents/club%20rules%2F2026/file');
    expect(workDayPath()).toBe('/work-day-booking');
    expect(eventBookingPath('regatta', { step: 'success', checkoutId: 'c.1' })).toBe('/event-booking?id=regatta&payment=success&checkoutId=c.1');
  });
});
