import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentFilePath,
  eventApiPath,
  eventBookedPath,
  eventBookingPath,
  CONFIG_API_PATH,
  EVENTS_API_PATH,
  isAppPagePath,
  manageBookingPath,
  manageTokenOf,
  pageOf,
  PATHS,
  workDayPath,
} from '../../../core/shared/paths';
import { ADMIN_ROUTES } from '../../../core/admins/permissions';

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

  it('keep a free booking’s outcome in the address: its manage token reads back whatever its characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (id, token) => {
        expect(read(eventBookedPath(id, token))).toEqual({ pathname: PATHS.eventBooking, params: { id, booked: token } });
        expect(manageTokenOf(manageBookingPath(token))).toBe(token);
      }),
    );
    expect(manageTokenOf('/my-booking')).toBeNull();
    expect(manageTokenOf('/my-booking?token=')).toBeNull();
  });

  it('say which addresses have a page, as the router reads them (any case, trailing slashes), and no others', () => {
    for (const path of Object.values(PATHS)) {
      expect(isAppPagePath(path, ADMIN_ROUTES), path).toBe(true);
      expect(isAppPagePath(`${path.toUpperCase()}/`, ADMIN_ROUTES), path).toBe(true);
      // Only the News page has pages below it: one news item each (/news/{id}).
      expect(isAppPagePath(`${path === '/' ? '' : path}/more`, ADMIN_ROUTES), path).toBe(path === PATHS.news);
    }
    for (const path of ['/news/news-1', '/NEWS/abc/']) expect(isAppPagePath(path, ADMIN_ROUTES), path).toBe(true);
    for (const path of ['/news/a/b', '/newsx/a']) expect(isAppPagePath(path, ADMIN_ROUTES), path).toBe(false);
    for (const path of ['/admin', '/admin/login', '/admin/events/edit/e-1', '/admin/bookings/x', '/admin/booking/b1', '/admin/mail/']) {
      expect(isAppPagePath(path, ADMIN_ROUTES), path).toBe(true);
    }
    for (const path of ['/index.html', '/admin/events/edit', '/admin/events/edit/a/b', '/admin/nope', '/calendarx', '/api']) {
      expect(isAppPagePath(path, ADMIN_ROUTES), path).toBe(false);
    }
  });
});

describe('the page an address names', () => {
  it('is the same whatever the letter case and trailing slashes, and the root stays the root', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(PATHS)), fc.nat({ max: 3 }), fc.boolean(), (path, slashes, upper) => {
        const written = `${upper ? path.toUpperCase() : path}${'/'.repeat(slashes)}`;
        expect(pageOf(written)).toBe(path);
        expect(pageOf(pageOf(written))).toBe(path);
      }),
    );
  });
});

describe("the booking page's API read", () => {
  it('names the event for any id, one path segment whatever its characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        const path = eventApiPath(id);
        expect(path.startsWith(`${EVENTS_API_PATH}/`)).toBe(true);
        const segment = path.slice(EVENTS_API_PATH.length + 1);
        expect(segment).not.toContain('/');
        expect(decodeURIComponent(segment)).toBe(id);
      }),
    );
    expect(eventApiPath('a/b c')).toBe('/api/events/a%2Fb%20c');
    expect(CONFIG_API_PATH).toBe('/api/config');
  });
});
