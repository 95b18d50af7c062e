import type { Admin } from '../admins/admin';
import type { WorkDay, WorkDaySignup } from './work-day';
import { signupAuditFields } from './work-day-roster';
import { requirePermission } from '../admins/permissions';
import { WORK_DAY_MESSAGES } from './work-days';
import { NotFoundError } from '../shared/errors';
import type { WorkDayRepository } from './work-day-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';

export const SIGNUP_NOT_FOUND = 'Sign-up not found';

export interface RemoveWorkDaySignupDeps extends AuditTrailDeps {
  workDays: WorkDayRepository;
}

/** An admin removes a volunteer's sign-up; its places are free again at once. */
export class RemoveWorkDaySignup {
  constructor(private readonly deps: RemoveWorkDaySignupDeps) {}

  async execute(admin: Admin, workDayId: string, signupId: string): Promise<WorkDaySignup> {
    requirePermission(admin, 'workDays.write');
    const workDay = await this.deps.workDays.get(workDayId);
    if (!workDay) throw new NotFoundError(WORK_DAY_MESSAGES.notFound);
    const removed = await this.deps.workDays.removeSignup(workDayId, signupId);
    // Removing twice removes once: the second admin is told it is gone rather than shown success.
    if (!removed) throw new NotFoundError(SIGNUP_NOT_FOUND);
    await recordSignupRemoval(this.deps, admin, workDay, removed);
    return removed;
  }
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
