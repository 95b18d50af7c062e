import { eventApiPath } from '@core/paths';

/** Where the booking page reads its event (kept apart from the zod schemas so the router can prefetch it cheaply). */
/** The booking page's query key in the data layer (lib/query.ts). */
export function bookingEventKey(id: string): readonly ['booking-event', string] {
  return ['booking-event', id];
}

/** The same address the server preloads for the page (core/paths.ts pageFirstReads). */
export function bookingEventPath(id: string): string {
  return eventApiPath(id);
}
