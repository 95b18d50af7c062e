import { SeriesChangeFormSchema, SeriesFormValuesSchema } from '../../../core/events/event-series';
import { ManageEventSeries } from '../../../core/operations/event-series';
import { EndEventSeries, SeriesEndFormSchema } from '../../../core/operations/end-event-series';
import {
  AdminEventSeriesSchema,
  EventSeriesCreatedSchema,
  EventSeriesListSchema,
  SeriesChangedSchema,
  SeriesEndedSchema,
} from '../../../core/contract/event-series-api-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';

const TAG = 'admin events';
const SERIES_NOT_FOUND = { description: '"Event series not found"' };
const TEMPLATE_NEEDS_DUTIES = { description: 'Without events:write; or a duty template named without duties:write' };

/**
 * A season's event series (docs/events.md, "Event series"): listed and read with events:read,
 * created and changed "this and later" with events:write (and duties:write to name a template).
 * One date is cancelled or edited as any event is (/api/admin/events/:id).
 */
export function registerEventSeriesRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/event-series',
    operationId: 'adminListEventSeries',
    summary: 'Every event series, by first date',
    tag: TAG,
    access: { action: 'events.list' },
    responses: { 200: { description: 'The series', schema: EventSeriesListSchema } },
    handler: async ({ admin }) => reply(200, { series: await ports.useCase(ManageEventSeries).list(admin) }),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/event-series',
    operationId: 'adminCreateEventSeries',
    summary: 'Creates a series and every one of its dates as an event, in one atomic write; with a duty template, each date gets its slots',
    tag: TAG,
    access: { action: 'events.create' },
    body: SeriesFormValuesSchema,
    responses: {
      201: { description: 'Created', schema: EventSeriesCreatedSchema },
      400: { description: 'Field messages (fields.rule, fields.firstDate, fields.startTime, fields.name ...)' },
      403: TEMPLATE_NEEDS_DUTIES,
    },
    handler: async ({ admin, body }) => reply(201, await ports.useCase(ManageEventSeries).create(admin, body)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/event-series/:id',
    operationId: 'adminGetEventSeries',
    summary: 'One series with its dates, and the "this and later" form as it opens on each',
    tag: TAG,
    access: { action: 'events.list' },
    params: IdParamsSchema,
    responses: { 200: { description: 'The series', schema: AdminEventSeriesSchema }, 404: SERIES_NOT_FOUND },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(ManageEventSeries).get(admin, params.id)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/event-series/:id/change',
    operationId: 'adminChangeEventSeriesFrom',
    summary:
      'Changes the chosen date and every later date that stands, each as an edit of the event (booked members and duty holders told of a new time); a template adds the slots each lacks',
    tag: TAG,
    access: { action: 'events.update' },
    params: IdParamsSchema,
    body: SeriesChangeFormSchema,
    responses: {
      200: { description: 'Changed', schema: SeriesChangedSchema },
      400: { description: 'Field messages; fields.fromEventId "This date is not part of the series"' },
      403: TEMPLATE_NEEDS_DUTIES,
      404: SERIES_NOT_FOUND,
      409: { description: 'A date was changed by someone else meanwhile: the dates before it are saved' },
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(ManageEventSeries).changeFrom(admin, params.id, body)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/event-series/:id/end',
    operationId: 'adminEndEventSeriesFrom',
    summary:
      'Ends the series early: cancels the chosen date and every later date that stands, each as one cancellation (every booking cancelled and refunded, its member e-mailed)',
    tag: TAG,
    access: { action: 'events.cancel' },
    params: IdParamsSchema,
    body: SeriesEndFormSchema,
    responses: {
      200: { description: 'Ended: the dates cancelled now and their bookings by outcome', schema: SeriesEndedSchema },
      400: { description: '"Please give the reason members will be told." (fields.reason); fields.fromEventId "This date is not part of the series"' },
      404: SERIES_NOT_FOUND,
      409: { description: 'A date could not be cancelled (over, or changed meanwhile): the dates before it are cancelled; ending again finishes' },
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(EndEventSeries).execute(admin, params.id, body)),
  });
}
