import type { Admin } from '../admins/admin';
import type { WorkDayWithCounts } from './work-day';
import { applyWorkDayForm, validateWorkDayForm, workDayChangeRefusal, WorkDayFormValuesSchema } from './work-day-form';
import { workDayAuditFields } from './work-day-roster';
import { permittedRecord } from '../admins/admin-record';
import { WORK_DAY_MESSAGES, withVolunteerCounts } from './work-days';
import type { IdGenerator } from '../shared/id-generator.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { SearchIndexingDeps } from '../search/keep-index-in-step';
import { acceptedForm, fieldsError, parseInput } from '../shared/parse-input';
import { keepWorkDayInStep } from './work-day-search';
import { UseCase } from '../shared/use-case';

export interface UpdateWorkDayDeps extends AuditTrailDeps, SearchIndexingDeps {
  workDays: WorkDayRepository;
  ids: IdGenerator;
}

/**
 * An admin changes a work day and its jobs: adds jobs, edits or closes them, deletes those
 * nobody signed up for. The form's rows are checked first (400 with the row's field); the
 * repository then decides against the stored sign-ups in the same atomic step as the write, so a
 * sign-up arriving meanwhile still gets a 409 with the same rule's message.
 */
export class UpdateWorkDay extends UseCase<UpdateWorkDayDeps> {
  async execute(admin: Admin, workDayId: string, form: unknown): Promise<WorkDayWithCounts> {
    const current = await permittedRecord(admin, 'workDays.write', () => this.deps.workDays.get(workDayId), WORK_DAY_MESSAGES.notFound);
    const valid = acceptedForm(validateWorkDayForm(parseInput(WorkDayFormValuesSchema, form)));
    // Ids for new rows are drawn once, so a change run again (Firestore's retries) names them alike.
    const jobIds = valid.jobs.map((job) => (job.id === null ? this.deps.ids.next() : job.id));
    const planned = applyWorkDayForm(current, valid, (row) => jobIds[row]);
    if (!planned.ok) throw fieldsError(planned.errors);
    const refusal = workDayChangeRefusal(current, planned.workDay, await this.deps.workDays.listSignups(current.id));
    if (refusal) throw fieldsError({ [refusal.field]: refusal.message });

    const { before, after } = await this.deps.workDays.update(current.id, (stored) => {
      const applied = applyWorkDayForm(stored, valid, (row) => jobIds[row]);
      if (!applied.ok) throw fieldsError(applied.errors);
      return applied.workDay;
    });
    const closedNow = after.jobs.filter((job) => job.closed === true && before.jobs.some((b) => b.id === job.id && b.closed !== true));
    await recordAdminAction(this.deps, admin, {
      action: closedNow.length > 0 ? 'workDay.job-closed' : 'workDay.updated',
      recordType: 'workDay',
      recordId: after.id,
      summary: `Changed the work day ${after.name}${closedNow.length > 0 ? `; closed ${closedNow.map((job) => `"${job.title}"`).join(', ')}` : ''}`,
      before: workDayAuditFields(before),
      after: workDayAuditFields(after),
    });
    await keepWorkDayInStep(this.deps, after);
    return withVolunteerCounts(after, await this.deps.workDays.listSignups(after.id));
  }
}
