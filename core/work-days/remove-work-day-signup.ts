import type { Admin } from '../admins/admin';
import type { WorkDay, WorkDaySignup } from './work-day';
import type { OutboxMessage } from '../mail/mail';
import { signupAuditFields } from './work-day-roster';
import { permittedRecord } from '../admins/admin-record';
import { WORK_DAY_MESSAGES } from './work-days';
import { NotFoundError } from '../shared/errors';
import type { WorkDayRepository } from './work-day-repository.port';
import { newOutboxMessage } from '../mail/outbox';
import { WORK_DAY_REMOVAL_KIND, workDayRemovalNotice } from './work-day-mail';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { UseCase } from '../shared/use-case';

export const SIGNUP_NOT_FOUND = 'Sign-up not found';

export interface RemoveWorkDaySignupDeps extends AuditTrailDeps {
  workDays: WorkDayRepository;
  siteSettings: { clubName: string };
}

/**
 * An admin removes a volunteer's sign-up; its places are free again at once. A volunteer who gave
 * an e-mail is told, through the outbox, in the same atomic write as the removal.
 */
export class RemoveWorkDaySignup extends UseCase<RemoveWorkDaySignupDeps> {
  async execute(admin: Admin, workDayId: string, signupId: string): Promise<WorkDaySignup> {
    const workDay = await permittedRecord(admin, 'workDays.write', () => this.deps.workDays.get(workDayId), WORK_DAY_MESSAGES.notFound);
    const now = this.deps.clock.now();
    const removed = await this.deps.workDays.removeSignup(workDayId, signupId, (signup) => removalNoticeMail(this.deps, signup, workDay, now));
    // Removing twice removes once: the second admin is told it is gone rather than shown success.
    if (!removed) throw new NotFoundError(SIGNUP_NOT_FOUND);
    await recordSignupRemoval(this.deps, admin, workDay, removed);
    return removed;
  }
}

/** The removed volunteer's notice: one outbox message, or none for a sign-up without an e-mail. */
export function removalNoticeMail(
  deps: Pick<RemoveWorkDaySignupDeps, 'ids' | 'siteSettings'>,
  signup: WorkDaySignup,
  workDay: WorkDay,
  now: Date,
): OutboxMessage[] {
  if (!signup.email) return [];
  return [
    newOutboxMessage(deps.ids.next(), WORK_DAY_REMOVAL_KIND, signup.id, workDayRemovalNotice(signup, workDay, { clubName: deps.siteSettings.clubName }), now),
  ];
}

/** The audit entry of an admin's removal of one sign-up (alone or in a batch). */
export function recordSignupRemoval(deps: AuditTrailDeps, admin: Admin, workDay: WorkDay, removed: WorkDaySignup): Promise<void> {
  return recordAdminAction(deps, admin, {
    action: 'workDay.signup-removed',
    recordType: 'workDay',
    recordId: workDay.id,
    summary: `Removed the sign-up of ${removed.firstName} ${removed.lastName} from the work day ${workDay.name}`,
    before: signupAuditFields(removed, workDay),
    after: signupAuditFields(null, workDay),
  });
}
