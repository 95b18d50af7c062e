import type { Admin } from '../entities/admin';
import type { WorkDayWithCounts } from '../entities/work-day';
import { newWorkDay, validateWorkDayForm, WorkDayFormValuesSchema } from '../domain/work-day-form';
import { workDayAuditFields } from '../domain/work-day-roster';
import { requirePermission } from '../domain/permissions';
import { withVolunteerCounts } from '../domain/work-days';
import type { IdGenerator } from '../ports/id-generator';
import type { WorkDayRepository } from '../ports/work-day-repository';
import { recordAdminAction, type AuditTrailDeps } from './audit-trail';
import type { SearchIndexingDeps } from './keep-index-in-step';
import { fieldsError, parseInput } from './parse-input';
import { keepWorkDayInStep } from './work-day-search';
import { UseCase } from './use-case';

export interface CreateWorkDayDeps extends AuditTrailDeps, SearchIndexingDeps {
  workDays: WorkDayRepository;
  ids: IdGenerator;
}

/** An admin adds a work day with its jobs; search finds it once it is active. */
export class CreateWorkDay extends UseCase<CreateWorkDayDeps> {
  async execute(admin: Admin, form: unknown): Promise<WorkDayWithCounts> {
    requirePermission(admin, 'workDays.write');
    const checked = validateWorkDayForm(parseInput(WorkDayFormValuesSchema, form));
    if (!checked.ok) throw fieldsError(checked.errors);
    const jobIds = checked.value.jobs.map(() => this.deps.ids.next());
    const workDay = newWorkDay(this.deps.ids.next(), checked.value, (row) => jobIds[row]);
    await this.deps.workDays.create(workDay);
    await recordAdminAction(this.deps, admin, { action: 'workDay.created', recordType: 'workDay', recordId: workDay.id, summary: `Created the work day ${workDay.name}`, before: workDayAuditFields(null), after: workDayAuditFields(workDay) });
    await keepWorkDayInStep(this.deps, workDay);
    return withVolunteerCounts(workDay, []);
  }
}
