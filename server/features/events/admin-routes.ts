import { EventFormValuesSchema } from '../../../core/events/event-form';
import { CreateEvent } from '../../../core/events/create-event';
import { GetDashboard } from '../../../core/operations/dashboard';
import { GetAdminEvent } from '../../../core/operations/get-admin-event';
import { ListAdminEvents } from '../../../core/operations/list-admin-events';
import { DeleteEvent } from '../../../core/operations/delete-event';
import { UpdateEvent } from '../../../core/operations/update-event';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { AdminCollection } from '../../http/admin-collection';
import { AdminEventResponseSchema, AdminEventsResponseSchema, DashboardSchema, EventSavedSchema } from '../../http/api-schemas';
import { EVENT_NOT_FOUND } from '../../http/route-parts';

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

  const events = new AdminCollection(routes, { path: '/api/admin/events', tag: 'admin events', read: { action: 'events.list' }, notFound: EVENT_NOT_FOUND });
  events.list({
    operationId: 'adminListEvents',
    summary: 'Every event, date descending',
    responses: { 200: { description: 'Events', schema: AdminEventsResponseSchema } },
    handler: async ({ admin }) => reply(200, { events: await ports.useCase(ListAdminEvents).execute(admin) }),
  });
  events.get({
    operationId: 'adminGetEvent',
    summary: 'One event and its values for the edit form',
    responses: { 200: { description: 'The event', schema: AdminEventResponseSchema } },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetAdminEvent).execute(admin, params.id)),
  });
  events.create({
    operationId: 'adminCreateEvent',
    summary: 'Create an event',
    access: { action: 'events.create' },
    body: EventFormValuesSchema,
    responses: { 201: { description: 'Created', schema: EventSavedSchema } },
    handler: async ({ admin, body }) => reply(201, { event: await ports.useCase(CreateEvent).execute(admin, body) }),
  });
  events.update({
    operationId: 'adminUpdateEvent',
    summary: 'Update an event',
    access: { action: 'events.update' },
    body: EventFormValuesSchema,
    responses: {
      200: { description: 'Updated', schema: EventSavedSchema },
      400: {
        description:
          'Field messages, among them fields.capacity "8 places are already taken: capacity cannot be less than 8." for a capacity below the places taken',
      },
      409: {
        description:
          '"This event was changed by someone else meanwhile. Please reload it and make your change again." (changed after it was read, e.g. cancelled)',
      },
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(UpdateEvent).executeTelling(admin, params.id, body)),
  });
  events.remove({
    operationId: 'adminDeleteEvent',
    summary: 'Delete an event that has no bookings',
    access: { action: 'events.delete' },
    responses: { 409: { description: '"This event has bookings and cannot be deleted"' } },
    handler: async ({ admin, params }) => ports.useCase(DeleteEvent).execute(admin, params.id),
  });
}
