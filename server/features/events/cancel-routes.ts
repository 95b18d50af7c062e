import { CancelEvent, CancelEventRequestSchema } from '../../../core/operations/cancel-event';
import { EventCancelledSchema as CancelledSchema, EventCancelPreviewSchema as PreviewSchema } from '../../../core/contract/admin-api-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';

/** Both routes: one event, and the permission to cancel events. */
const ONE_EVENT = { tag: 'admin events', access: { action: 'events.cancel' }, params: IdParamsSchema } as const;
const EVENT_NOT_FOUND = { description: '"Event not found"' };

/** Cancelling an event (events:write): what it will do, and doing it. */
export function registerEventCancelRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/cancel',
    operationId: 'adminPreviewEventCancellation',
    summary: 'What cancelling the event would do: its standing bookings, and how many are refunded by card or by hand',
    ...ONE_EVENT,
    responses: { 200: { description: 'The preview', schema: PreviewSchema }, 404: EVENT_NOT_FOUND },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(CancelEvent).preview(admin, params.id)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/events/:id/cancel',
    operationId: 'adminCancelEvent',
    summary:
      'Cancels the event with the reason members are told: it stays listed marked cancelled, booking closes, every standing booking is cancelled with a full refund and its member e-mailed',
    ...ONE_EVENT,
    body: CancelEventRequestSchema,
    responses: {
      200: {
        description:
          'Cancelled: the event as stored; how many bookings were cancelled, refunded to cards, left "Refund failed" (a card refund refused) and "To refund by hand" (cash, transfers); and the bookings still to repay by hand',
        schema: CancelledSchema,
      },
      400: { description: '"Please give the reason members will be told." (fields.reason)' },
      404: EVENT_NOT_FOUND,
      409: {
        description:
          '"This event is already cancelled.", or "This event is over, so it can no longer be cancelled: its bookings stand and nobody is refunded."',
      },
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(CancelEvent).execute(admin, params.id, body)),
  });
}
