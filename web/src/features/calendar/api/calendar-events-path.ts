import { EVENTS_API_PATH } from '@core/paths';

/** Where the calendar's events are read (kept apart from the zod schemas so the router can prefetch it cheaply). */
export const CALENDAR_EVENTS_PATH = EVENTS_API_PATH;
/** The calendar's query key in the data layer (lib/query.ts). */
export const CALENDAR_EVENTS_KEY = ['calendar'] as const;
