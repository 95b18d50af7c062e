import type { Admin } from '../admins/admin';
import type { WorkDayWithCounts } from './work-day';
import { newWorkDay, validateWorkDayForm, WorkDayFormValuesSchema } from './work-day-form';
import { workDayAuditFields } from './work-day-roster';
import { requirePermission } from '../admins/permissions';
import { withVolunteerCounts } from './work-days';
import type { IdGenerator } from '../shared/id-generator.port';
import type { SearchIndex } from '../search/search-index.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { SearchIndexErrorReporter } from '../search/keep-index-in-step';
import { fieldsError, parseInput } from '../shared/parse-input';
import { keepWorkDayInStep } from './work-day-search';

export interface CreateWorkDayDeps extends AuditTrailDeps {
  workDays: WorkDayRepository;
  search: SearchIndex;
  ids: IdGenerator;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/** An admin adds a work day with its jobs; search finds it once it is active. */
export class CreateWorkDay {
  constructor(private readonly deps: CreateWorkDayDeps) {}

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
