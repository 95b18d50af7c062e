/** Where the calendar's events are read (kept apart from the zod schemas so the router can prefetch it cheaply). */
export const CALENDAR_EVENTS_PATH = '/api/events';
