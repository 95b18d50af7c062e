import { z } from 'zod';
import { GetBookingsOverview } from '../../../core/bookings/bookings-overview';
import { GetEventBookings } from '../../../core/operations/event-bookings';
import { ExportEventBookings } from '../../../core/operations/export-event-bookings';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { EventBookingsSchema, IdParamsSchema, OverviewSchema } from '../../http/api-schemas';
import { sendCsvDownload } from '../../http/route-helpers';
import { EVENT_NOT_FOUND } from '../../http/route-parts';

/** The bookings of events, read (bookings:read). */
const BOOKINGS_READ = { tag: 'admin bookings', access: { action: 'bookings.read' } } as const;

export function registerAdminBookingReadRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/bookings',
    operationId: 'adminListBookings',
    summary: 'Bookings overview: events of the last 6 months and later, with counts and revenue',
    ...BOOKINGS_READ,
    responses: { 200: { description: 'Overview', schema: OverviewSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetBookingsOverview).execute(admin)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/bookings',
    operationId: 'adminListEventBookings',
    summary: "One event's bookings with a summary",
    ...BOOKINGS_READ,
    params: IdParamsSchema,
    responses: { 200: { description: 'Bookings', schema: EventBookingsSchema }, 404: EVENT_NOT_FOUND },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetEventBookings).execute(admin, params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/bookings.csv',
    operationId: 'adminExportEventBookingsCsv',
    summary: "One event's bookings as a CSV download",
    ...BOOKINGS_READ,
    params: IdParamsSchema,
    responses: { 200: { description: 'CSV', schema: z.string(), contentType: 'text/csv' }, 404: EVENT_NOT_FOUND },
    handler: async ({ admin, params, res }) => sendCsvDownload(res, await ports.useCase(ExportEventBookings).execute(admin, params.id), 'bookings.csv'),
  });
}
