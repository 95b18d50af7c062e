import { signupDetails, WORK_DAY_WITHDRAW_MESSAGES } from './work-day-mail';
import type { WorkDay, WorkDaySignup } from './work-day';
import { NotFoundError } from '../shared/errors';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { Clock } from '../shared/clock.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { parseInput } from '../shared/parse-input';
import { readWithdrawToken } from './work-day-links';
import { WorkDayTokenSchema, type MyWorkDaySignup } from './work-day-signup-schema';
import { UseCase } from '../shared/use-case';

export interface MyWorkDaySignupDeps {
  workDays: WorkDayRepository;
  workDayLinks: BookingLinks;
  clock: Clock;
}

/**
 * The work day and sign-up a withdraw link names: a forged, altered or expired link, or one whose
 * work day is gone, is "not found". The sign-up is null once it is no longer on the work day.
 */
export async function signupOfToken(
  deps: MyWorkDaySignupDeps,
  request: unknown,
): Promise<{ workDay: WorkDay; signup: WorkDaySignup | null; signupId: string }> {
  const { token } = parseInput(WorkDayTokenSchema, request);
  const named = readWithdrawToken(deps.workDayLinks, token, deps.clock.now());
  const workDay = named === null ? null : await deps.workDays.get(named.workDayId);
  if (named === null || workDay === null) throw new NotFoundError(WORK_DAY_WITHDRAW_MESSAGES.linkInvalid);
  const signup = (await deps.workDays.listSignups(workDay.id)).find((s) => s.id === named.signupId) ?? null;
  return { workDay, signup, signupId: named.signupId };
}

/** What the withdraw page shows. */
export function mySignupView(workDay: WorkDay, signup: WorkDaySignup | null): MyWorkDaySignup {
  return {
    workDayId: workDay.id,
    workDayName: workDay.name,
    date: workDay.date,
    status: signup === null ? 'withdrawn' : 'signed-up',
    details: signup === null ? [] : signupDetails(signup, workDay),
  };
}

/** A volunteer's own work-day sign-up, read with the signed link from their e-mail. */
export class GetMyWorkDaySignup extends UseCase<MyWorkDaySignupDeps> {
  async execute(request: unknown): Promise<MyWorkDaySignup> {
    const { workDay, signup } = await signupOfToken(this.deps, request);
    return mySignupView(workDay, signup);
  }
}
