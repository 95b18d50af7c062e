import { GetEventForBooking } from '../../../core/bookings/get-event-for-booking';
import { ListCalendarEvents } from '../../../core/calendar/list-calendar-events';
import { ListCalendarWorkDays } from '../../../core/calendar/list-calendar-work-days';
import type { AppContainer } from '../../container';
import { reply, SENT, type ApiRoutes } from '../../http/api-routes';
import { EVENT_NOT_FOUND, PAGE_READ } from '../../http/route-parts';
import type { CalendarAnswerCache } from './calendar-answer-cache';
import { EventResponseSchema, EventsResponseSchema, IdParamsSchema } from '../../http/api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const EVENTS = { tag: 'events', access: 'public' } as const;

/**
 * GET /api/events's answer as JSON text, shared for a short while (calendar-answer-cache.ts): the
 * route sends it, and the calendar page carries it (first-reads.ts).
 */
export function calendarText(ports: AppContainer, calendarCache: CalendarAnswerCache): Promise<string> {
  return calendarCache.answer(async () => {
    const calendar = ports.useCase(ListCalendarEvents);
    const events = await calendar.execute();
    return { events, workDays: await ports.useCase(ListCalendarWorkDays).execute(), forecastAttribution: calendar.forecastAttribution(events) };
  });
}

export function registerPublicEventRoutes(routes: ApiRoutes, ports: AppContainer, calendarCache: CalendarAnswerCache): void {
  routes.add({
    method: 'get',
    path: '/api/events',
    operationId: 'listEvents',
    summary: 'The calendar: events not over before today (or undated), start ascending; and the active dated work days not over before today, date ascending',
    ...EVENTS,
    // The cached answer's text (the same text the route sends).
    inPage: () => calendarText(ports, calendarCache),
    responses: { 200: { description: 'Events', schema: EventsResponseSchema } },
    handler: async ({ res }) => {
      const body = await calendarText(ports, calendarCache);
      // The cached answer is JSON text already (CalendarEventsSchema, checked where it is built).
      res.type('application/json').send(body);
      return SENT;
    },
  });

  routes.add({
    ...PAGE_READ,
    path: '/api/events/:id',
    operationId: 'getEvent',
    summary: 'One event for the booking page, with why it cannot be booked now',
    ...EVENTS,
    params: IdParamsSchema,
    responses: { 200: { description: 'The event', schema: EventResponseSchema }, 404: EVENT_NOT_FOUND },
    handler: async ({ params }) => reply(200, await ports.useCase(GetEventForBooking).execute(params.id)),
  });
}
