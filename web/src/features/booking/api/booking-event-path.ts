/** Where the booking page reads its event (kept apart from the zod schemas so the router can prefetch it cheaply). */
export function bookingEventPath(id: string): string {
  return `/api/events/${encodeURIComponent(id)}`;
}
