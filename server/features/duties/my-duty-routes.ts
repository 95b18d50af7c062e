import { z } from 'zod';
import { GetMyDuties } from '../../../core/duties/my-duties';
import { MyDutiesSchema, MyDutyParamsSchema } from '../../../core/duties/my-duties-schema';
import { VolunteerForDuty } from '../../../core/duties/volunteer-for-duty';
import { WithdrawFromDuty } from '../../../core/duties/withdraw-from-duty';
import type { AppContainer } from '../../container';
import { ErrorResponseSchema, reply, type ApiRoutes } from '../../http/api-routes';
import { CROSS_SITE } from '../../http/route-parts';

const MEMBER = { tag: 'member duties', access: 'member' } as const;

/** The signed-in member's duties (docs/duties.md, "For members"): their own, the open slots they may take, volunteering and withdrawing. */
export function registerMyDutyRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/my/duties',
    operationId: 'listMyDuties',
    summary:
      "The signed-in member's duties not over yet, and the open slots of events still to start that they may volunteer for (eligible on the event's dates, free at that time)",
    ...MEMBER,
    responses: { 200: { description: 'Their duties and the open slots, soonest first', schema: MyDutiesSchema } },
    handler: async ({ member }) => reply(200, await ports.useCase(GetMyDuties).execute(member)),
  });

  routes.add({
    method: 'post',
    path: '/api/my/duties/:slotId',
    operationId: 'volunteerForDuty',
    summary:
      'The signed-in member volunteers for an open slot: refused when not eligible, the slot is full, or they are on another duty at that time (checked atomically)',
    ...MEMBER,
    params: MyDutyParamsSchema,
    responses: {
      201: { description: 'They hold the duty', schema: z.object({ slotId: z.string(), eventId: z.string() }) },
      400: { description: '"This event has no date yet, so its duties cannot be filled"', schema: ErrorResponseSchema },
      403: CROSS_SITE,
      404: { description: '"Duty slot not found"', schema: ErrorResponseSchema },
      409: {
        description:
          '"This duty is already filled", "This member is already on a duty at that time", "This member already has this duty", "This member is not eligible for this duty: …", "This duty has started…" or "This event is cancelled"',
        schema: ErrorResponseSchema,
      },
    },
    handler: async ({ member, params }) => {
      const { slotId, eventId } = await ports.useCase(VolunteerForDuty).execute(member.id, params.slotId);
      return reply(201, { slotId, eventId });
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/my/duties/:slotId',
    operationId: 'withdrawFromDuty',
    summary: 'The signed-in member takes themself off a duty they hold, until it starts',
    ...MEMBER,
    params: MyDutyParamsSchema,
    responses: {
      204: { description: 'Taken off' },
      403: CROSS_SITE,
      404: { description: '"You do not hold this duty"', schema: ErrorResponseSchema },
      409: { description: '"This duty has started: ask the event\'s officer"', schema: ErrorResponseSchema },
    },
    handler: async ({ member, params }) => {
      await ports.useCase(WithdrawFromDuty).execute(member.id, params.slotId);
      return reply(204);
    },
  });
}
