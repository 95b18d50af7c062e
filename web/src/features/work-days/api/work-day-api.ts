import { z } from 'zod';
import { WorkDayJobSchema, WorkDaySchema, type WorkDaySignupForm } from '@core/entities/work-day';
import { apiGet, apiPost } from '../../../lib/api';

export const WorkDayWithCountsSchema = WorkDaySchema.extend({
  jobs: z.array(WorkDayJobSchema.extend({ currentVolunteers: z.number().int().nonnegative() })),
});
export type ListedWorkDay = z.infer<typeof WorkDayWithCountsSchema>;

const OneAnswer = z.object({ workDay: WorkDayWithCountsSchema });
const ListAnswer = z.object({ workDays: z.array(WorkDayWithCountsSchema) });
const SignupAnswer = z.object({ signupId: z.string(), jobsChosen: z.number().int().nonnegative() });

export async function getWorkDay(id: string, signal?: AbortSignal): Promise<ListedWorkDay> {
  return (await apiGet(`/api/work-days/${encodeURIComponent(id)}`, OneAnswer, { signal })).workDay;
}

export async function listWorkDays(signal?: AbortSignal): Promise<ListedWorkDay[]> {
  return (await apiGet('/api/work-days', ListAnswer, { signal })).workDays;
}

export function signUpForWorkDay(id: string, form: WorkDaySignupForm): Promise<z.infer<typeof SignupAnswer>> {
  return apiPost(`/api/work-days/${encodeURIComponent(id)}/signups`, form, SignupAnswer);
}
