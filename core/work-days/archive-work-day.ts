import { z } from 'zod';
import type { Admin } from '../admins/admin';
import type { WorkDayWithCounts } from './work-day';
import { requirePermission } from '../admins/permissions';
import { WORK_DAY_MESSAGES, withVolunteerCounts } from './work-days';
import { NotFoundError } from '../shared/errors';
import type { SearchIndex } from '../search/search-index.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { SearchIndexErrorReporter } from '../search/keep-index-in-step';
import { parseInput } from '../shared/parse-input';
import { keepWorkDayInStep } from './work-day-search';

export const ArchiveWorkDayRequestSchema = z.object({ archived: z.boolean({ error: 'archived must be true or false' }) }).strict();

export interface ArchiveWorkDayDeps extends AuditTrailDeps {
  workDays: WorkDayRepository;
  search: SearchIndex;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/**
 * An admin archives a work day (or brings it back): archived, it leaves the members' list, page
 * and search but keeps its jobs and sign-ups, and stays in the admin list under Archived.
 */
export class ArchiveWorkDay {
  constructor(private readonly deps: ArchiveWorkDayDeps) {}

  async execute(admin: Admin, workDayId: string, request: unknown): Promise<WorkDayWithCounts> {
    requirePermission(admin, 'workDays.write');
    const { archived } = parseInput(ArchiveWorkDayRequestSchema, request);
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
