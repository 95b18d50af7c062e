import { permittedInput } from '../admins/admin-record';
import { z } from 'zod';
import type { Admin } from '../admins/admin';
import type { WorkDayWithCounts } from './work-day';
import { WORK_DAY_MESSAGES, withVolunteerCounts } from './work-days';
import { NotFoundError } from '../shared/errors';
import type { WorkDayRepository } from './work-day-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { SearchIndexingDeps } from '../search/keep-index-in-step';
import { keepWorkDayInStep } from './work-day-search';
import { UseCase } from '../shared/use-case';

export const ArchiveWorkDayRequestSchema = z.object({ archived: z.boolean({ error: 'archived must be true or false' }) }).strict();

export interface ArchiveWorkDayDeps extends AuditTrailDeps, SearchIndexingDeps {
  workDays: WorkDayRepository;
}

/**
 * An admin archives a work day (or brings it back): archived, it leaves the members' list, page
 * and search but keeps its jobs and sign-ups, and stays in the admin list under Archived.
 */
export class ArchiveWorkDay extends UseCase<ArchiveWorkDayDeps> {
  async execute(admin: Admin, workDayId: string, request: unknown): Promise<WorkDayWithCounts> {
    const { archived } = permittedInput(admin, 'workDays.write', ArchiveWorkDayRequestSchema, request);
    if (!(await this.deps.workDays.get(workDayId))) throw new NotFoundError(WORK_DAY_MESSAGES.notFound);
    const { before, after } = await this.deps.workDays.update(workDayId, (stored) => ({ ...stored, archived }));
    if ((before.archived === true) !== archived) {
      await recordAdminAction(this.deps, admin, {
        action: archived ? 'workDay.archived' : 'workDay.unarchived',
        recordType: 'workDay',
        recordId: after.id,
        summary: `${archived ? 'Archived' : 'Brought back'} the work day ${after.name}`,
        before: { archived: before.archived === true },
        after: { archived },
      });
    }
    await keepWorkDayInStep(this.deps, after);
    return withVolunteerCounts(after, await this.deps.workDays.listSignups(after.id));
  }
}
