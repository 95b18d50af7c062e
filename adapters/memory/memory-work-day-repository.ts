import { bookingEmailKey } from '../../core/bookings/booking';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import type { WorkDay, WorkDaySignup } from '../../core/work-days/work-day';
import type { SignupRemovalMail, WorkDayRepository } from '../../core/work-days/work-day-repository.port';
import { signupRefusal } from '../../core/work-days/work-days';
import { workDayChangeRefusal } from '../../core/work-days/work-day-form';
import { byInstantThenId, compareText } from './compare-text';
import { addCopy, copyOrNull } from './memory-records';
import type { OutboxMessage } from '../../core/mail/mail';
import { MemoryOutbox } from './memory-outbox';

export class MemoryWorkDayRepository implements WorkDayRepository {
  private readonly workDays = new Map<string, WorkDay>();
  private readonly signups = new Map<string, WorkDaySignup>();

  /** `outbox`: where sign-ups' confirmations go, written with the sign-up. */
  constructor(private readonly outbox: MemoryOutbox = new MemoryOutbox()) {}

  async list(): Promise<WorkDay[]> {
    return [...this.workDays.values()].sort(byInstantThenId((workDay) => workDay.date)).map((workDay) => structuredClone(workDay));
  }

  async get(id: string): Promise<WorkDay | null> {
    return copyOrNull(this.workDays.get(id));
  }

  async create(workDay: WorkDay): Promise<void> {
    addCopy(this.workDays, workDay.id, workDay, 'A work day with this id already exists');
  }

  async update(id: string, change: (current: WorkDay) => WorkDay): Promise<{ before: WorkDay; after: WorkDay }> {
    const stored = this.workDays.get(id);
    if (!stored) throw new NotFoundError('Work Day Not Found');
    // No await between reading, deciding and writing: sign-ups cannot interleave here.
    const before = structuredClone(stored);
    const after = { ...structuredClone(change(structuredClone(stored))), id };
    const refusal = workDayChangeRefusal(
      before,
      after,
      [...this.signups.values()].filter((s) => s.workDayId === id),
    );
    if (refusal) throw new ConflictError(refusal.message);
    this.workDays.set(id, structuredClone(after));
    return { before, after };
  }

  async addSignup(signup: WorkDaySignup, mail: readonly OutboxMessage[] = []): Promise<void> {
    const workDay = this.workDays.get(signup.workDayId);
    if (!workDay) throw new NotFoundError('Work Day Not Found');
    if (this.signups.has(signup.id)) throw new ConflictError('A sign-up with this id already exists');
    // No await between the check and the write: concurrent calls cannot interleave here.
    const refusal = signupRefusal(workDay, [...this.signups.values()], signup);
    if (refusal) throw new ConflictError(refusal.message);
    this.outbox.checkNew(mail);
    this.signups.set(signup.id, { ...structuredClone(signup), email: signup.email ?? null });
    this.outbox.addNow(mail);
  }

  async removeSignup(workDayId: string, signupId: string, mailFor: SignupRemovalMail = () => []): Promise<WorkDaySignup | null> {
    return (await this.removeSignups(workDayId, [signupId], mailFor))[0] ?? null;
  }

  async removeSignups(workDayId: string, signupIds: readonly string[], mailFor: SignupRemovalMail = () => []): Promise<WorkDaySignup[]> {
    // No await between reading, deciding and writing: the removal and its e-mails are one step.
    const removed = [...new Set(signupIds)].flatMap((id) => {
      const signup = this.signups.get(id);
      return signup && signup.workDayId === workDayId ? [structuredClone(signup)] : [];
    });
    const mail = removed.flatMap(mailFor);
    this.outbox.checkNew(mail);
    for (const signup of removed) this.signups.delete(signup.id);
    this.outbox.addNow(mail);
    return removed;
  }

  async assignMissingEmailKeys(): Promise<number> {
    // The key is derived on each read: none is ever missing.
    return 0;
  }

  async listSignupsByEmail(emailKey: string, limit: number): Promise<WorkDaySignup[]> {
    return [...this.signups.values()]
      .filter((signup) => bookingEmailKey(signup.email ?? null) === emailKey)
      .sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt) || compareText(a.id, b.id))
      .slice(0, limit)
      .map((signup) => structuredClone(signup));
  }

  async listSignups(workDayId: string): Promise<WorkDaySignup[]> {
    return [...this.signups.values()]
      .filter((signup) => signup.workDayId === workDayId)
      .sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt) || compareText(a.id, b.id))
      .map((signup) => structuredClone(signup));
  }
}
