import { EventFormValuesSchema } from '../../../core/events/event-form';
import { CreateEvent } from '../../../core/events/create-event';
import { GetDashboard } from '../../../core/operations/dashboard';
import { GetAdminEvent } from '../../../core/operations/get-admin-event';
import { ListAdminEvents } from '../../../core/operations/list-admin-events';
import { DeleteEvent } from '../../../core/operations/delete-event';
import { UpdateEvent } from '../../../core/operations/update-event';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import {
  AdminEventResponseSchema,
  AdminEventsResponseSchema,
  DashboardSchema,
  EventSavedSchema,
  IdParamsSchema,
} from '../../http/api-schemas';
import { noContent } from '../../http/route-helpers';
import { DELETED, EVENT_NOT_FOUND } from '../../http/route-parts';

/** The area of the admin panel in the OpenAPI document; each route names its own permission. */
const EVENTS = { tag: 'admin events' } as const;

export function registerAdminEventRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/dashboard',
    operationId: 'adminGetDashboard',
    summary: 'Recent events and (with bookings:read) booking statistics',
    tag: 'admin',
    access: 'signed-in',
    responses: { 200: { description: 'Dashboard', schema: DashboardSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetDashboard).execute(admin)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events',
    operationId: 'adminListEvents',
    summary: 'Every event, date descending',
    ...EVENTS,
    access: { action: 'events.list' },
    responses: { 200: { description: 'Events', schema: AdminEventsResponseSchema } },
    handler: async ({ admin }) => reply(200, { events: await ports.useCase(ListAdminEvents).execute(admin) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id',
    operationId: 'adminGetEvent',
    summary: 'One event and its values for the edit form',
    ...EVENTS,
    access: { action: 'events.list' },
    params: IdParamsSchema,
    responses: {
      200: { description: 'The event', schema: AdminEventResponseSchema },
      404: EVENT_NOT_FOUND,
    },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetAdminEvent).execute(admin, params.id)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/events',
    operationId: 'adminCreateEvent',
    summary: 'Create an event',
    ...EVENTS,
    access: { action: 'events.create' },
    body: EventFormValuesSchema,
    responses: { 201: { description: 'Created', schema: EventSavedSchema } },
    handler: async ({ admin, body }) => reply(201, { event: await ports.useCase(CreateEvent).execute(admin, body) }),
  });

  routes.add({
    method: 'put',
    path: '/api/admin/events/:id',
    operationId: 'adminUpdateEvent',
    summary: 'Update an event',
    ...EVENTS,
    access: { action: 'events.update' },
    params: IdParamsSchema,
    body: EventFormValuesSchema,
    responses: {
      200: { description: 'Updated', schema: EventSavedSchema },
      400: { description: 'Field messages, among them fields.capacity "8 places are already taken: capacity cannot be less than 8." for a capacity below the places taken' },
      404: EVENT_NOT_FOUND,
      409: { description: '"This event was changed by someone else meanwhile. Please reload it and make your change again." (changed after it was read, e.g. cancelled)' },
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(UpdateEvent).executeTelling(admin, params.id, body)),
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/events/:id',
    operationId: 'adminDeleteEvent',
    summary: 'Delete an event that has no bookings',
    ...EVENTS,
    access: { action: 'events.delete' },
    params: IdParamsSchema,
    responses: {
      204: DELETED,
      404: EVENT_NOT_FOUND,
      409: { description: '"This event has bookings and cannot be deleted"' },
    },
    handler: async ({ admin, params }) => noContent(ports.useCase(DeleteEvent).execute(admin, params.id)),
  });
}
