import { z } from 'zod';
import { WorkDaySignupFormSchema, type WorkDaySignup } from '../entities/work-day';
import { WORK_DAY_MESSAGES, jobsChosen, validateWorkDaySignup } from '../domain/work-days';
import { ValidationError } from '../errors';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { WorkDayRepository } from '../ports/work-day-repository';
import { findActiveWorkDay } from './get-work-day';
import { parseInput } from './parse-input';

export const SignUpResultSchema = z.object({ signupId: z.string(), jobsChosen: z.number().int() });
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

export interface SignUpForWorkDayDeps {
  workDays: WorkDayRepository;
  clock: Clock;
  ids: IdGenerator;
}

/** Which form field each work-day message is about, so the page can point at it. */
const FIELD_OF_MESSAGE: Record<string, string[]> = {
  [WORK_DAY_MESSAGES.jobRequired]: ['selectedJobs'],
  [WORK_DAY_MESSAGES.unknownJob]: ['selectedJobs'],
  [WORK_DAY_MESSAGES.nameRequired]: ['firstName', 'lastName'],
};

/** A volunteer signs up for one or more jobs of a work day. */
export class SignUpForWorkDay {
  constructor(private readonly deps: SignUpForWorkDayDeps) {}

  async execute(workDayId: string, form: unknown): Promise<SignUpResult> {
    const workDay = await findActiveWorkDay(this.deps.workDays, workDayId);
    const values = parseInput(WorkDaySignupFormSchema, form);
    const checked = validateWorkDaySignup(values, workDay);
    if (!checked.ok) {
      const fields = Object.fromEntries((FIELD_OF_MESSAGE[checked.message] ?? []).map((f) => [f, checked.message]));
      throw new ValidationError(checked.message, fields);
    }
    const signup: WorkDaySignup = {
      id: this.deps.ids.next(),
      workDayId: workDay.id,
      ...checked.value,
      submittedAt: this.deps.clock.now().toISOString(),
    };
    await this.deps.workDays.addSignup(signup);
    return { signupId: signup.id, jobsChosen: jobsChosen(signup) };
  }
}
