import { z } from 'zod';
import { WorkDayWithCountsSchema, type WorkDaySignupForm } from '@core/entities/work-day';
import { SignUpResultSchema, type SignUpResult } from '@core/use-cases/sign-up-for-work-day';
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
