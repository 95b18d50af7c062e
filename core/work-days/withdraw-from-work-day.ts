import { linkActor } from '../audit/audit-filter';
import { WORK_DAY_WITHDRAW_MESSAGES } from './work-day-mail';
import type { AuditLog } from '../audit/audit-log.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { mySignupView, signupOfToken, type MyWorkDaySignupDeps } from './get-my-work-day-signup';
import type { MyWorkDaySignup } from './work-day-signup-schema';

export interface WithdrawFromWorkDayDeps extends MyWorkDaySignupDeps {
  audit: AuditLog;
  ids: IdGenerator;
}

/**
 * A volunteer withdraws from a work day through the link in their e-mail: the sign-up is removed
 * (its places are free again at once) and the withdrawal goes in the audit log. Withdrawing again
 * changes nothing and says so.
 */
export class WithdrawFromWorkDay {
  constructor(private readonly deps: WithdrawFromWorkDayDeps) {}

  /** `by`: the admin whose session came with the request, if any (the audit names them). */
  async execute(request: unknown, by: { uid: string; email: string } | null = null): Promise<MyWorkDaySignup> {
    const { workDay, signupId } = await signupOfToken(this.deps, request);
    const removed = await this.deps.workDays.removeSignup(workDay.id, signupId);
    if (removed === null) return { ...mySignupView(workDay, null), message: WORK_DAY_WITHDRAW_MESSAGES.alreadyWithdrawn };
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at: this.deps.clock.now().toISOString(),
        actor: linkActor(by),
        action: 'workDay.signup-withdrawn',
        recordType: 'workDay',
        recordId: workDay.id,
        summary:
          by === null
            ? `${removed.firstName} ${removed.lastName} withdrew through the e-mailed link (sign-up ${removed.id})`
            : `${by.email} withdrew ${removed.firstName} ${removed.lastName} with the volunteer's e-mailed link (sign-up ${removed.id})`,
        changes: [{ field: 'signup', before: `${removed.firstName} ${removed.lastName}`, after: null }],
      },
    ]);
    return { ...mySignupView(workDay, null), message: WORK_DAY_WITHDRAW_MESSAGES.withdrawn };
  }
}
