import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { permittedChange } from '../admins/admin-record';
import { WORK_DAY_MESSAGES } from './work-days';
import { recordSignupRemoval, type RemoveWorkDaySignupDeps } from './remove-work-day-signup';
import { UseCase } from '../shared/use-case';

/** The most sign-ups one request removes (one storage transaction). */
export const MAX_SIGNUPS_REMOVED_AT_ONCE = 200;

export const REMOVE_SIGNUPS_MESSAGES = {
  noneChosen: 'Choose at least one sign-up to remove',
  tooMany: `At most ${MAX_SIGNUPS_REMOVED_AT_ONCE} sign-ups can be removed at once`,
} as const;

export const RemoveWorkDaySignupsRequestSchema = z.object({
  signupIds: z.array(z.string().min(1).max(200)).min(1, REMOVE_SIGNUPS_MESSAGES.noneChosen).max(MAX_SIGNUPS_REMOVED_AT_ONCE, REMOVE_SIGNUPS_MESSAGES.tooMany),
});

/** No e-mail for a batch: it is for floods of made-up sign-ups, whose addresses may be anyone's. */
export type RemoveWorkDaySignupsDeps = Omit<RemoveWorkDaySignupDeps, 'siteSettings'>;

export const RemovedWorkDaySignupsSchema = z.object({
  /** The sign-ups removed now, in the order asked; one already gone is not among them. */
  removedIds: z.array(z.string()),
});
export type RemovedWorkDaySignups = z.infer<typeof RemovedWorkDaySignupsSchema>;

/**
 * An admin removes several volunteers' sign-ups at once (e.g. a flood of made-up names): all in
 * one storage write, their places free again at once, each removal in the audit log as a single
 * removal would be. Ids already removed are skipped, not refused. The volunteers are not e-mailed.
 */
export class RemoveWorkDaySignups extends UseCase<RemoveWorkDaySignupsDeps> {
  async execute(admin: Admin, workDayId: string, request: unknown): Promise<RemovedWorkDaySignups> {
    const {
      input: { signupIds },
      record: workDay,
    } = await permittedChange(
      admin,
      'workDays.write',
      { schema: RemoveWorkDaySignupsRequestSchema, request },
      () => this.deps.workDays.get(workDayId),
      WORK_DAY_MESSAGES.notFound,
    );
    const removed = await this.deps.workDays.removeSignups(workDayId, signupIds);
    for (const signup of removed) await recordSignupRemoval(this.deps, admin, workDay, signup);
    return { removedIds: removed.map((signup) => signup.id) };
  }
}
