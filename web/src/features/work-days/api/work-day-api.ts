import { z } from 'zod';
import { WorkDayWithCountsSchema, type WorkDaySignupForm } from '@core/entities/work-day';
import {
  MyWorkDaySignupSchema,
  SignUpResultSchema,
  type MyWorkDaySignup,
  type SignUpResult,
} from '@core/use-cases/work-day-signup-schema';
import { apiGet, apiPost } from '../../../lib/api';

export { WorkDayWithCountsSchema };
export type ListedWorkDay = z.infer<typeof WorkDayWithCountsSchema>;

const OneAnswer = z.object({ workDay: WorkDayWithCountsSchema });
const ListAnswer = z.object({ workDays: z.array(WorkDayWithCountsSchema) });

export async function getWorkDay(id: string, signal?: AbortSignal): Promise<ListedWorkDay> {
  return (await apiGet(`/api/work-days/${encodeURIComponent(id)}`, OneAnswer, { signal })).workDay;
}

export async function listWorkDays(signal?: AbortSignal): Promise<ListedWorkDay[]> {
  return (await apiGet('/api/work-days', ListAnswer, { signal })).workDays;
}

export function signUpForWorkDay(id: string, form: WorkDaySignupForm): Promise<SignUpResult> {
  return apiPost(`/api/work-days/${encodeURIComponent(id)}/signups`, form, SignUpResultSchema);
}

/** A volunteer's own sign-up, named by the signed token of its e-mailed withdraw link. */
export async function getMyWorkDaySignup(token: string, signal?: AbortSignal): Promise<MyWorkDaySignup> {
  return apiGet(`/api/work-day-signup?${new URLSearchParams({ token }).toString()}`, MyWorkDaySignupSchema, { signal });
}

/** Withdraws that sign-up (again: no change, and the answer says so). */
export function withdrawFromWorkDay(token: string): Promise<MyWorkDaySignup> {
  return apiPost('/api/work-day-signup/withdraw', { token }, MyWorkDaySignupSchema);
}
