import { z } from 'zod';
import { WorkDayWithCountsSchema, type WorkDaySignupForm } from '@core/entities/work-day';
import {
  MyWorkDaySignupSchema,
  SignUpResultSchema,
  type MyWorkDaySignup,
  type SignUpResult,
} from '@core/use-cases/work-day-signup-schema';
import { apiPost } from '../../../lib/api';

export { WorkDayWithCountsSchema };
export type ListedWorkDay = z.infer<typeof WorkDayWithCountsSchema>;


export function signUpForWorkDay(id: string, form: WorkDaySignupForm): Promise<SignUpResult> {
  return apiPost(`/api/work-days/${encodeURIComponent(id)}/signups`, form, SignUpResultSchema);
}

/** Withdraws that sign-up (again: no change, and the answer says so). */
export function withdrawFromWorkDay(token: string): Promise<MyWorkDaySignup> {
  return apiPost('/api/work-day-signup/withdraw', { token }, MyWorkDaySignupSchema);
}
