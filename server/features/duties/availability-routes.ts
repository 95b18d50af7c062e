import { AvailabilityFormSchema } from '../../../core/duties/availability';
import { MyAvailabilitySchema, MyDutyQuotaSchema, SeasonAvailabilitySchema, SeasonRotaSchema } from '../../../core/duties/availability-schema';
import { GetMyDutyQuota, GetSeasonAvailability, GetSeasonRota, ManageMyAvailability } from '../../../core/duties/member-availability';
import { FillRota } from '../../../core/duties/fill-rota';
import {
  RotaFillPreviewFormSchema,
  RotaFillPreviewSchema,
  RotaFillPublishFormSchema,
  RotaFillPublishResultSchema,
} from '../../../core/duties/rota-fill-schema';
import type { AppContainer } from '../../container';
import { ErrorResponseSchema, reply, type ApiRoutes } from '../../http/api-routes';
import { CROSS_SITE } from '../../http/route-parts';

const MEMBER = { tag: 'member duties', access: 'member' } as const;
const DUTIES_WRITE = { tag: 'admin duties', access: { action: 'duties.write' } } as const;

/**
 * Availability, wishes, quotas and the season's rota (docs/duties.md, "Availability, wishes and
 * quotas"): the member's own (and their household's), and everyone's for admins with duties:write.
 */
export function registerAvailabilityRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/my/availability',
    operationId: 'getMyAvailability',
    summary:
      "The season's event dates and duty types, and the dates the signed-in member and each member of their household cannot do and the duties they prefer or would rather not",
    ...MEMBER,
    responses: { 200: { description: 'The season, its event dates, the duty types, and the marks', schema: MyAvailabilitySchema } },
    handler: async ({ member }) => reply(200, await ports.useCase(ManageMyAvailability).execute(member)),
  });

  routes.add({
    method: 'put',
    path: '/api/my/availability',
    operationId: 'setMyAvailability',
    summary:
      "Sets the signed-in member's own marks for the season (replacing those given before): the London dates within the season they cannot do, and a wish (prefer, rather-not) per duty type",
    ...MEMBER,
    body: AvailabilityFormSchema,
    responses: {
      200: { description: 'Stored; the section as it now is', schema: MyAvailabilitySchema },
      400: {
        description:
          '"Choose dates within this season, … to …", "Give dates as YYYY-MM-DD", "Choose duty types from the list" or "Give one wish per duty type"',
        schema: ErrorResponseSchema,
      },
      403: CROSS_SITE,
    },
    handler: async ({ member, body }) => reply(200, await ports.useCase(ManageMyAvailability).set(member, body)),
  });

  routes.add({
    method: 'get',
    path: '/api/my/duty-quota',
    operationId: 'getMyDutyQuota',
    summary:
      "The signed-in member's duty quota for the season: expected (from their membership category, per household when it covers one), done (before today) and pledged (from today)",
    ...MEMBER,
    responses: { 200: { description: 'The quota', schema: MyDutyQuotaSchema } },
    handler: async ({ member }) => reply(200, await ports.useCase(GetMyDutyQuota).execute(member)),
  });

  routes.add({
    method: 'get',
    path: '/api/my/rota',
    operationId: 'getSeasonRota',
    summary: "The season's rota: every event of the season with duties, its slots and their holders by first name and last initial",
    ...MEMBER,
    responses: { 200: { description: 'Events soonest first, past ones included', schema: SeasonRotaSchema } },
    handler: async () => reply(200, await ports.useCase(GetSeasonRota).execute('member')),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/duties/availability',
    operationId: 'adminGetSeasonAvailability',
    summary: "Every member's availability and wishes for the season, by member id (the rota's planning input)",
    ...DUTIES_WRITE,
    responses: { 200: { description: 'The season and each member who gave marks', schema: SeasonAvailabilitySchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(GetSeasonAvailability).execute(admin)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/duties/rota-fill/preview',
    operationId: 'adminPreviewRotaFill',
    summary:
      "Proposes who does each open place of the season's duties not begun yet (the season of the date given, else today's): each assignment with why, the fairness against the greedy pass, and the places left open. Writes nothing",
    ...DUTIES_WRITE,
    body: RotaFillPreviewFormSchema,
    responses: {
      200: { description: 'The proposal', schema: RotaFillPreviewSchema },
      400: { description: '"Give the season as a date within it, YYYY-MM-DD"', schema: ErrorResponseSchema },
    },
    handler: async ({ admin, body }) => reply(200, await ports.useCase(FillRota).preview(admin, body)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/duties/rota-fill/publish',
    operationId: 'adminPublishRotaFill',
    summary:
      'Writes the (possibly adjusted) proposal: refused whole when one breaks a rota rule; a slot filled meanwhile is skipped and reported; each member is e-mailed their new duties once, with one .ics',
    ...DUTIES_WRITE,
    body: RotaFillPublishFormSchema,
    responses: {
      200: { description: 'What was written and skipped, and how many members were e-mailed', schema: RotaFillPublishResultSchema },
      400: { description: '"These assignments break the rota rules: …" or "Give at least one assignment to publish"', schema: ErrorResponseSchema },
    },
    handler: async ({ admin, body }) => reply(200, await ports.useCase(FillRota).publish(admin, body)),
  });
}
