/** Where the calendar's events are read (kept apart from the zod schemas so the router can prefetch it cheaply). */
export const CALENDAR_EVENTS_PATH = '/api/events';
/** The calendar's query key in the data layer (lib/query.ts). */
export const CALENDAR_EVENTS_KEY = ['calendar'] as const;
