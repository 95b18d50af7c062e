/**
 * The web app's addresses, built in one place for the browser and the server (which answers a
 * paid booking with the address of its card step). Pure string functions: no framework.
 */
export const PATHS = {
  home: '/',
  calendar: '/calendar',
  eventBooking: '/event-booking',
  news: '/news',
  documents: '/documents',
  information: '/information',
  beginners: '/beginners',
  workDayBooking: '/work-day-booking',
} as const;

/** A work day's sign-up page; without an id, the list of work days open for sign-ups. */
export function workDayPath(workDayId?: string): string {
  return workDayId === undefined ? PATHS.workDayBooking : `${PATHS.workDayBooking}?${new URLSearchParams({ id: workDayId }).toString()}`;
}

/** A document's PDF (served by the API). */
export function documentFilePath(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/file`;
}

/** The club calendar's iCalendar feed (served by the server, outside /api, to subscribe to). */
export const CALENDAR_FEED_PATH = '/calendar.ics';

/** The booking page of an event; with a checkout, its card step (`pending`) or its receipt (`success`). */
export function eventBookingPath(eventId: string, payment?: { step: 'pending' | 'success'; checkoutId: string }): string {
  const query = new URLSearchParams({ id: eventId });
  if (payment) {
    query.set('payment', payment.step);
    query.set('checkoutId', payment.checkoutId);
  }
  return `${PATHS.eventBooking}?${query.toString()}`;
}

/** The member's own page for one booking, reached with its signed link (the token is the key). */
export function manageBookingPath(token: string): string {
  return `/my-booking?${new URLSearchParams({ token }).toString()}`;
}
