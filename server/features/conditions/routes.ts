import { ConditionsLimitsFormSchema } from '../../../core/conditions/conditions-limits';
import {
  ConditionsLimitsAnswerSchema,
  EventKindRequestSchema,
  GO_NO_GO_MESSAGES,
  GoDecisionRequestSchema,
  GoNoGoListSchema,
  GoNoGoPanelSchema,
  MemberEventConditionsSchema,
} from '../../../core/conditions/conditions-schema';
import { DecideEvent } from '../../../core/conditions/decide-event';
import { GetConditionsLimits } from '../../../core/conditions/get-conditions-limits';
import { GetEventConditions } from '../../../core/conditions/get-event-conditions';
import { GetGoNoGo } from '../../../core/conditions/get-go-no-go';
import { SaveConditionsLimits } from '../../../core/conditions/save-conditions-limits';
import { SetEventKind } from '../../../core/conditions/set-event-kind';
import { ConditionsLimitsSavedSchema, GoDecisionAnswerSchema } from '../../../core/contract/admin-api-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';
import { EVENT_NOT_FOUND, saying } from '../../http/route-parts';

const READ = { tag: 'admin go/no-go', access: { action: 'events.list' } } as const;
const WRITE = { tag: 'admin go/no-go', access: { action: 'events.update' } } as const;

/** The go/no-go (docs/conditions.md): members read an event's forecast and decision; admins keep the limits and decide. */
export function registerConditionsRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    access: 'public',
    tag: 'events',
    path: '/api/events/:id/conditions',
    operationId: 'getEventConditions',
    summary:
      "An event's forecast for its hours (wind and gusts in knots, direction, temperature; none once over or outside the forecast's window), the forecast's age, and the decision once made",
    params: IdParamsSchema,
    responses: { 200: { description: 'The conditions', schema: MemberEventConditionsSchema }, 404: EVENT_NOT_FOUND },
    handler: async ({ params }) => reply(200, await ports.useCase(GetEventConditions).execute(params.id)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/conditions/limits',
    operationId: 'adminGetConditionsLimits',
    summary: "The club's wind limits per kind of event, the default kind and the margin (the defaults until first saved)",
    ...READ,
    responses: { 200: { description: 'The limits', schema: ConditionsLimitsAnswerSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetConditionsLimits).execute(admin)),
  });

  routes.add({
    method: 'put',
    path: '/api/admin/conditions/limits',
    operationId: 'adminSaveConditionsLimits',
    summary: "Save the club's wind limits: each kind of event (id, name, wind and gust limits in knots), the default kind and the margin in knots",
    ...WRITE,
    body: ConditionsLimitsFormSchema,
    responses: { 200: { description: 'Saved', schema: ConditionsLimitsSavedSchema } },
    handler: async ({ admin, body }) => reply(200, { limits: await ports.useCase(SaveConditionsLimits).execute(admin, body) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/go-no-go',
    operationId: 'adminListGoNoGo',
    summary: "The go/no-go panels of the upcoming events the forecast covers, soonest first, and the forecast's age",
    ...READ,
    responses: { 200: { description: 'The panels', schema: GoNoGoListSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetGoNoGo).list(admin)),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/events/:id/go-no-go',
    operationId: 'adminGetGoNoGo',
    summary:
      "One event's go/no-go panel: its forecast hours against its kind's limits (within, near, beyond), places booked, the safety cover (not available until the duty roster exists) and its decisions",
    ...READ,
    params: IdParamsSchema,
    responses: { 200: { description: 'The panel', schema: GoNoGoPanelSchema }, 404: EVENT_NOT_FOUND },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetGoNoGo).execute(admin, params.id)),
  });

  routes.add({
    method: 'put',
    path: '/api/admin/events/:id/go-no-go/kind',
    operationId: 'adminSetEventKind',
    summary: "Choose the kind of event whose limits the event is judged by (null: the club's default kind)",
    ...WRITE,
    params: IdParamsSchema,
    body: EventKindRequestSchema,
    responses: { 204: { description: 'Saved' }, 404: EVENT_NOT_FOUND },
    handler: async ({ admin, params, body }) => {
      await ports.useCase(SetEventKind).execute(admin, params.id, body);
      return reply(204);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/events/:id/go-no-go/decisions',
    operationId: 'adminDecideEvent',
    summary:
      'Decide with a reason: go; postpone to a new start (and end), London wall clock yyyy-MM-ddTHH:mm, keeping the bookings and e-mailing each booked member and duty holder the new time and the reason with the updated .ics (told: how many were e-mailed); or cancel the event (every booking cancelled and refunded)',
    ...WRITE,
    params: IdParamsSchema,
    body: GoDecisionRequestSchema,
    responses: {
      200: { description: 'Decided: the decision as recorded and the event as it now stands', schema: GoDecisionAnswerSchema },
      404: EVENT_NOT_FOUND,
      409: saying(`${GO_NO_GO_MESSAGES.eventCancelled}" or "${GO_NO_GO_MESSAGES.eventOver}`),
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(DecideEvent).execute(admin, params.id, body)),
  });
}
