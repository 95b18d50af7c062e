import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import type { WorkDayWithCounts } from './work-day';
import { newWorkDay, validateWorkDayForm, WorkDayFormValuesSchema } from './work-day-form';
import { workDayAuditFields } from './work-day-roster';
import { withVolunteerCounts } from './work-days';
import type { IdGenerator } from '../shared/id-generator.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { SearchIndexingDeps } from '../search/keep-index-in-step';
import { acceptedForm } from '../shared/parse-input';
import { keepWorkDayInStep } from './work-day-search';
import { UseCase } from '../shared/use-case';

export interface CreateWorkDayDeps extends AuditTrailDeps, SearchIndexingDeps {
  workDays: WorkDayRepository;
  ids: IdGenerator;
}

/** An admin adds a work day with its jobs; search finds it once it is active. */
export class CreateWorkDay extends UseCase<CreateWorkDayDeps> {
  async execute(admin: Admin, form: unknown): Promise<WorkDayWithCounts> {
    const valid = acceptedForm(validateWorkDayForm(permittedInput(admin, 'workDays.write', WorkDayFormValuesSchema, form)));
    const jobIds = valid.jobs.map(() => this.deps.ids.next());
    const workDay = newWorkDay(this.deps.ids.next(), valid, (row) => jobIds[row]);
    await this.deps.workDays.create(workDay);
    await recordAdminAction(this.deps, admin, {
      action: 'workDay.created',
      recordType: 'workDay',
      recordId: workDay.id,
      summary: `Created the work day ${workDay.name}`,
      before: workDayAuditFields(null),
      after: workDayAuditFields(workDay),
    });
    await keepWorkDayInStep(this.deps, workDay);
    return withVolunteerCounts(workDay, []);
  }
}
