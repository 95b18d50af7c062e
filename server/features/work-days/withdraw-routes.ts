import { GetMyWorkDaySignup } from '../../../core/work-days/get-my-work-day-signup';
import { WithdrawFromWorkDay } from '../../../core/work-days/withdraw-from-work-day';
import { MyWorkDaySignupSchema, WorkDayTokenSchema } from '../../../core/work-days/work-day-signup-schema';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { PAGE_READ } from '../../http/route-parts';
import { adminBehind } from '../../http/auth';

/** Both routes: a volunteer, through the link e-mailed to them. */
const VOLUNTEERS = { tag: 'work days', access: 'public' } as const;
const LINK_REFUSED = { description: 'A forged, altered or expired link, or a work day that is gone' };

/** A volunteer's own work-day sign-up, through the signed withdraw link of their confirmation e-mail. */
export function registerWorkDayWithdrawRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    ...PAGE_READ,
    path: '/api/work-day-signup',
    operationId: 'getMyWorkDaySignup',
    summary: "A volunteer's own work-day sign-up, named by the signed token of its withdraw link",
    ...VOLUNTEERS,
    query: WorkDayTokenSchema,
    responses: {
      200: { description: 'The sign-up (status signed-up), or withdrawn when it is no longer on the work day', schema: MyWorkDaySignupSchema },
      404: LINK_REFUSED,
    },
    handler: async ({ query }) => reply(200, await ports.useCase(GetMyWorkDaySignup).execute(query)),
  });

  routes.add({
    method: 'post',
    path: '/api/work-day-signup/withdraw',
    operationId: 'withdrawWorkDaySignup',
    summary: 'Withdraw from the work day through the signed link (audit-logged; again: no change, and the message says so)',
    ...VOLUNTEERS,
    body: WorkDayTokenSchema,
    responses: {
      200: { description: 'Withdrawn (now, or already before): the sign-up as it now is, with a message', schema: MyWorkDaySignupSchema },
      404: LINK_REFUSED,
    },
    handler: async ({ body, req }) => reply(200, await ports.useCase(WithdrawFromWorkDay).execute(body, await adminBehind(req, ports))),
  });
}
