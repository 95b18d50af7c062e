import { SignUpResultSchema, type SignUpResult } from './work-day-signup-schema';
import { WorkDaySignupFormSchema, type WorkDaySignup } from './work-day';
import { WORK_DAY_MESSAGES, jobsChosen, validateWorkDaySignup } from './work-days';
import { ValidationError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { findActiveWorkDay } from './get-work-day';
import { parseInput } from '../shared/parse-input';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { WorkDay } from './work-day';
import type { OutboxMessage } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import { WORK_DAY_CONFIRMATION_KIND, workDayConfirmation } from './work-day-mail';
import { workDayPath } from '../shared/paths';
import { withdrawPathOf } from './work-day-links';
import { UseCase } from '../shared/use-case';

export { SignUpResultSchema, type SignUpResult };

export interface SignUpForWorkDayDeps {
  workDays: WorkDayRepository;
  clock: Clock;
  ids: IdGenerator;
  /** The withdraw links' signer and the site's address, for the confirmation. */
  workDayLinks: BookingLinks;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/** Which form field each work-day message is about, so the page can point at it. */
const FIELD_OF_MESSAGE: Record<string, string[]> = {
  [WORK_DAY_MESSAGES.jobRequired]: ['selectedJobs'],
  [WORK_DAY_MESSAGES.unknownJob]: ['selectedJobs'],
  [WORK_DAY_MESSAGES.nameRequired]: ['firstName', 'lastName'],
  [WORK_DAY_MESSAGES.emailInvalid]: ['email'],
};

/**
 * The confirmation to write with a sign-up that gave an e-mail: one outbox message, written by
 * the repository in the same atomic step as the sign-up (none for a refused one, never one lost).
 */
export function workDayConfirmationMail(deps: SignUpForWorkDayDeps, signup: WorkDaySignup, workDay: WorkDay, now: Date): OutboxMessage[] {
  const { workDayLinks, siteSettings } = deps;
  if (!signup.email) return [];
  const mail = workDayConfirmation(signup, workDay, {
    clubName: siteSettings.clubName,
    location: siteSettings.clubName,
    withdrawUrl: `${siteSettings.publicBaseUrl}${withdrawPathOf(workDayLinks, signup, workDay)}`,
    workDayUrl: `${siteSettings.publicBaseUrl}${workDayPath(workDay.id)}`,
  });
  return [newOutboxMessage(deps.ids.next(), WORK_DAY_CONFIRMATION_KIND, signup.id, mail, now)];
}

/** A volunteer signs up for one or more jobs of a work day; with an e-mail, they are sent a confirmation. */
export class SignUpForWorkDay extends UseCase<SignUpForWorkDayDeps> {
  async execute(workDayId: string, form: unknown): Promise<SignUpResult> {
    const workDay = await findActiveWorkDay(this.deps.workDays, workDayId);
    const values = parseInput(WorkDaySignupFormSchema, form);
    const checked = validateWorkDaySignup(values, workDay);
    if (!checked.ok) {
      const fields = Object.fromEntries((FIELD_OF_MESSAGE[checked.message] ?? []).map((f) => [f, checked.message]));
      throw new ValidationError(checked.message, fields);
    }
    const now = this.deps.clock.now();
    const signup: WorkDaySignup = { id: this.deps.ids.next(), workDayId: workDay.id, ...checked.value, submittedAt: now.toISOString() };
    await this.deps.workDays.addSignup(signup, workDayConfirmationMail(this.deps, signup, workDay, now));
    return { signupId: signup.id, jobsChosen: jobsChosen(signup) };
  }
}
