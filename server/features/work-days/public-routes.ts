import { WorkDaySignupFormSchema } from '../../../core/work-days/work-day';
import { GetWorkDay } from '../../../core/work-days/get-work-day';
import { ListWorkDays } from '../../../core/work-days/list-work-days';
import { SignUpForWorkDay } from '../../../core/work-days/sign-up-for-work-day';
import type { AppConfig } from '../../config';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { PAGE_READ, WORK_DAY_NOT_FOUND } from '../../http/route-parts';
import { configuredWorkDaySignupRateLimits } from '../../http/rate-limits';
import { IdParamsSchema, SignupCreatedSchema, WorkDayResponseSchema, WorkDaysResponseSchema } from '../../http/api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const WORK_DAYS = { tag: 'work days', access: 'public' } as const;

export function registerPublicWorkDayRoutes(routes: ApiRoutes, ports: AppContainer, config: AppConfig): void {
  routes.add({
    ...PAGE_READ,
    path: '/api/work-days',
    operationId: 'listWorkDays',
    summary: 'Active work days with volunteer counts per job',
    ...WORK_DAYS,
    responses: { 200: { description: 'Work days', schema: WorkDaysResponseSchema } },
    handler: async () => reply(200, { workDays: await ports.useCase(ListWorkDays).execute() }),
  });

  routes.add({
    ...PAGE_READ,
    path: '/api/work-days/:id',
    operationId: 'getWorkDay',
    summary: 'One active work day',
    ...WORK_DAYS,
    params: IdParamsSchema,
    responses: { 200: { description: 'The work day', schema: WorkDayResponseSchema }, 404: WORK_DAY_NOT_FOUND },
    handler: async ({ params }) => reply(200, { workDay: await ports.useCase(GetWorkDay).execute(params.id) }),
  });

  routes.add({
    method: 'post',
    path: '/api/work-days/:id/signups',
    operationId: 'signUpForWorkDay',
    summary: 'Sign up for jobs of a work day',
    ...WORK_DAYS,
    params: IdParamsSchema,
    body: WorkDaySignupFormSchema,
    // Every sign-up counts against the sign-ups' own per-address limits, so one address cannot
    // fill a day's jobs with made-up names. One with an e-mail sends one, so it also counts against
    // the bookings' limits: the form cannot be used to mail strangers in bulk.
    before: [configuredWorkDaySignupRateLimits(ports, config)],
    responses: {
      201: { description: 'Signed up (with an e-mail: its confirmation is queued in the outbox)', schema: SignupCreatedSchema },
      404: WORK_DAY_NOT_FOUND,
      409: { description: 'A chosen job is already full, or this name has already signed up for the day; nothing stored' },
      429: {
        description:
          'Too many sign-ups from this client address (WORKDAY_SIGNUP_LIMIT_PER_MINUTE, _PER_DAY), or with an e-mail, too many counted with bookings',
      },
    },
    handler: async ({ params, body }) => reply(201, await ports.useCase(SignUpForWorkDay).execute(params.id, body)),
  });
}
