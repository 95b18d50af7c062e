import { z } from 'zod';
import { WorkDayWithCountsSchema } from '../../../core/work-days/work-day';
import { WorkDayFormValuesSchema } from '../../../core/work-days/work-day-form';
import { ArchiveWorkDay, ArchiveWorkDayRequestSchema } from '../../../core/work-days/archive-work-day';
import { CreateWorkDay } from '../../../core/work-days/create-work-day';
import { ExportWorkDaySignups } from '../../../core/work-days/export-work-day-signups';
import { AdminWorkDaySchema, GetAdminWorkDay } from '../../../core/work-days/get-admin-work-day';
import { RemoveWorkDaySignup } from '../../../core/work-days/remove-work-day-signup';
import { RemoveWorkDaySignups, RemoveWorkDaySignupsRequestSchema, RemovedWorkDaySignupsSchema } from '../../../core/work-days/remove-work-day-signups';
import { UpdateWorkDay } from '../../../core/work-days/update-work-day';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { AdminCollection } from '../../http/admin-collection';
import { noContent, sendCsvDownload } from '../../http/route-helpers';
import { WORK_DAY_NOT_FOUND } from '../../http/route-parts';

const WorkDaySavedSchema = z.object({ workDay: WorkDayWithCountsSchema });
const SignupParamsSchema = z.object({ id: z.string().min(1).max(200), signupId: z.string().min(1).max(200) });
/** The admin's work-day screens: reading them (workDays:read) and changing them (workDays:write). */
const WORK_DAYS_READ = { action: 'workDays.read' } as const;
const WORK_DAYS_WRITE = { action: 'workDays.write' } as const;
const BAD_FORM = { description: 'A field refused: `fields` names it (`name`, `date`, `jobs`, `jobs.<row>.title`, `jobs.<row>.volunteersNeeded`, ...)' };

/** The admin's work-day screens: create, edit (jobs, close a job), archive, the roster, its CSV, removing a sign-up. */
export function registerAdminWorkDayRoutes(routes: ApiRoutes, ports: AppContainer): void {
  const workDays = new AdminCollection(routes, {
    path: '/api/admin/work-days',
    tag: 'admin work days',
    read: WORK_DAYS_READ,
    write: WORK_DAYS_WRITE,
    notFound: WORK_DAY_NOT_FOUND,
  });
  workDays.get({
    operationId: 'adminGetWorkDay',
    summary: 'One work day (archived or not) with its counts, sign-ups and the edit form',
    responses: { 200: { description: 'The work day', schema: AdminWorkDaySchema } },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetAdminWorkDay).execute(admin, params.id)),
  });

  workDays.create({
    operationId: 'adminCreateWorkDay',
    summary: 'Create a work day with its jobs',
    body: WorkDayFormValuesSchema,
    responses: { 201: { description: 'Created', schema: WorkDaySavedSchema }, 400: BAD_FORM },
    handler: async ({ admin, body }) => reply(201, { workDay: await ports.useCase(CreateWorkDay).execute(admin, body) }),
  });

  workDays.update({
    operationId: 'adminUpdateWorkDay',
    summary: 'Change a work day and its jobs (rows with an id keep their job; rows without are new; missing jobs are deleted)',
    body: WorkDayFormValuesSchema,
    responses: {
      200: { description: 'Updated', schema: WorkDaySavedSchema },
      400: { description: `${BAD_FORM.description}; also a job with sign-ups deleted, or needing fewer volunteers than have signed up` },
      409: { description: 'A sign-up arrived meanwhile and the change would now delete a job with sign-ups or need fewer volunteers than signed up' },
    },
    handler: async ({ admin, params, body }) => reply(200, { workDay: await ports.useCase(UpdateWorkDay).execute(admin, params.id, body) }),
  });

  workDays.update({
    method: 'post',
    suffix: '/archive',
    operationId: 'adminSetWorkDayArchived',
    summary: 'Archive a work day ({ archived: true }) or bring it back ({ archived: false })',
    body: ArchiveWorkDayRequestSchema,
    responses: { 200: { description: 'Archived or brought back', schema: WorkDaySavedSchema } },
    handler: async ({ admin, params, body }) => reply(200, { workDay: await ports.useCase(ArchiveWorkDay).execute(admin, params.id, body) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/work-days/:id/signups/:signupId',
    operationId: 'adminDeleteWorkDaySignup',
    summary: "Remove a volunteer's sign-up; its places are free again, and a volunteer who gave an e-mail is told",
    tag: 'admin work days',
    access: WORK_DAYS_WRITE,
    params: SignupParamsSchema,
    responses: {
      204: { description: "Removed; the volunteer's notice, when they gave an e-mail, is in the outbox" },
      404: { description: '"Work Day Not Found" or "Sign-up not found" (perhaps removed already)' },
    },
    handler: async ({ admin, params }) => noContent(ports.useCase(RemoveWorkDaySignup).execute(admin, params.id, params.signupId)),
  });

  workDays.update({
    method: 'post',
    suffix: '/signups/remove',
    operationId: 'adminRemoveWorkDaySignups',
    summary: "Remove several volunteers' sign-ups at once (e.g. a flood of made-up names); their places are free again",
    body: RemoveWorkDaySignupsRequestSchema,
    responses: {
      200: { description: 'Removed: the ids removed now (one already gone is left out)', schema: RemovedWorkDaySignupsSchema },
      400: { description: '"Choose at least one sign-up to remove", or more than 200 at once' },
    },
    handler: async ({ admin, params, body }) => reply(200, await ports.useCase(RemoveWorkDaySignups).execute(admin, params.id, body)),
  });

  workDays.get({
    suffix: '/signups.csv',
    operationId: 'adminExportWorkDaySignupsCsv',
    summary: "One work day's sign-ups as a CSV download (formula-safe)",
    responses: { 200: { description: 'CSV', schema: z.string(), contentType: 'text/csv' } },
    handler: async ({ admin, params, res }) => sendCsvDownload(res, await ports.useCase(ExportWorkDaySignups).execute(admin, params.id), 'signups.csv'),
  });
}
