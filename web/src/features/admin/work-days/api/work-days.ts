import { z } from 'zod';
import { WorkDaySignupSchema, WorkDayWithCountsSchema, type WorkDaySignup, type WorkDayWithCounts } from '@core/entities/work-day';
import type { WorkDayFormValues } from '@core/domain/work-day-form';
import { AdminWorkDaySchema, type AdminWorkDay } from '@core/use-cases/get-admin-work-day';
import { RemovedWorkDaySignupsSchema } from '@core/use-cases/remove-work-day-signups';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';

export interface WorkDayWithSignups {
  workDay: WorkDayWithCounts;
  signups: WorkDaySignup[];
}

const WorkDaysAnswer = z.object({ workDays: z.array(z.object({ workDay: WorkDayWithCountsSchema, signups: z.array(WorkDaySignupSchema) })) });
export type { AdminWorkDay };
const SavedAnswer = z.object({ workDay: WorkDayWithCountsSchema });
const path = (id: string) => `/api/admin/work-days/${encodeURIComponent(id)}`;

export async function listWorkDaySignups(): Promise<WorkDayWithSignups[]> {
  return (await apiGet('/api/admin/work-days', WorkDaysAnswer)).workDays;
}

export function getAdminWorkDay(id: string): Promise<AdminWorkDay> {
  return apiGet(path(id), AdminWorkDaySchema);
}

export async function createWorkDay(values: WorkDayFormValues): Promise<WorkDayWithCounts> {
  return (await apiPost('/api/admin/work-days', values, SavedAnswer)).workDay;
}

export async function updateWorkDay(id: string, values: WorkDayFormValues): Promise<WorkDayWithCounts> {
  return (await apiPut(path(id), values, SavedAnswer)).workDay;
}

export async function setWorkDayArchived(id: string, archived: boolean): Promise<WorkDayWithCounts> {
  return (await apiPost(`${path(id)}/archive`, { archived }, SavedAnswer)).workDay;
}

export async function removeWorkDaySignup(id: string, signupId: string): Promise<void> {
  await apiDelete(`${path(id)}/signups/${encodeURIComponent(signupId)}`);
}

/** Removes several sign-ups at once; answers the ids removed now (one already gone is left out). */
export async function removeWorkDaySignups(id: string, signupIds: readonly string[]): Promise<string[]> {
  return (await apiPost(`${path(id)}/signups/remove`, { signupIds }, RemovedWorkDaySignupsSchema)).removedIds;
}

export function workDaySignupsCsvUrl(id: string): string {
  return `${path(id)}/signups.csv`;
}
