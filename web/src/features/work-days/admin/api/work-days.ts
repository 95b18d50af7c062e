import { useQueryClient } from '@tanstack/react-query';
import { WorkDayWithCountsSchema, type WorkDaySignup, type WorkDayWithCounts } from '@core/work-days/work-day';
import { z } from 'zod';
import { AdminWorkDaysSchema } from '@core/contract/admin-api-schema';
import type { WorkDayFormValues } from '@core/work-days/work-day-form';
import { AdminWorkDaySchema, type AdminWorkDay } from '@core/work-days/get-admin-work-day';
import { RemovedWorkDaySignupsSchema } from '@core/work-days/remove-work-day-signups';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';
import { type MutationConfig, useAdminMutation } from '../../../../admin/shared/api/admin-query';
import { adminRecords } from '../../../../admin/shared/api/admin-records';

export interface WorkDayWithSignups {
  workDay: WorkDayWithCounts;
  signups: WorkDaySignup[];
}

export type { AdminWorkDay };
const SavedAnswer = z.object({ workDay: WorkDayWithCountsSchema });
const path = (id: string) => `/api/admin/work-days/${encodeURIComponent(id)}`;

export async function listWorkDaySignups(): Promise<WorkDayWithSignups[]> {
  return (await apiGet('/api/admin/work-days', AdminWorkDaysSchema)).workDays;
}

export function getAdminWorkDay(id: string): Promise<AdminWorkDay> {
  return apiGet(path(id), AdminWorkDaySchema);
}

const workDays = adminRecords('work-days', listWorkDaySignups, 'work-day', getAdminWorkDay);
export const { listQueryOptions: workDaysQueryOptions, recordQueryOptions: workDayQueryOptions, useList: useWorkDays, useRecord: useWorkDay } = workDays;

export async function createWorkDay(values: WorkDayFormValues): Promise<WorkDayWithCounts> {
  return (await apiPost('/api/admin/work-days', values, SavedAnswer)).workDay;
}

export async function updateWorkDay({ id, values }: { id: string; values: WorkDayFormValues }): Promise<WorkDayWithCounts> {
  return (await apiPut(path(id), values, SavedAnswer)).workDay;
}

export async function setWorkDayArchived({ id, archived }: { id: string; archived: boolean }): Promise<WorkDayWithCounts> {
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

export function useCreateWorkDay() {
  return workDays.useCreate(createWorkDay);
}

export function useUpdateWorkDay(id: string) {
  return workDays.useUpdate(id, updateWorkDay);
}

/** Archives the day or brings it back; the roster shows the day as saved at once. */
export function useSetWorkDayArchived(id: string, config: MutationConfig<WorkDayWithCounts, boolean> = {}) {
  const client = useQueryClient();
  const invalidate = workDays.useMarkSaved();
  const cache = {
    onSuccess: (workDay: WorkDayWithCounts) => {
      client.setQueryData(workDayQueryOptions(id).queryKey, (current) => current && { ...current, workDay });
      invalidate();
    },
  };
  return useAdminMutation((archived: boolean) => setWorkDayArchived({ id, archived }), cache, config);
}

/** After a removal, done or not, the roster is read again (someone may have changed it meanwhile). */
function useRosterRefresh(id: string) {
  const client = useQueryClient();
  const invalidate = workDays.useMarkSaved();
  return () => {
    invalidate();
    void client.invalidateQueries({ queryKey: workDayQueryOptions(id).queryKey, exact: true });
  };
}

export function useRemoveWorkDaySignup(id: string, config: MutationConfig<void, WorkDaySignup> = {}) {
  const refresh = useRosterRefresh(id);
  return useAdminMutation((signup: WorkDaySignup) => removeWorkDaySignup(id, signup.id), { onSettled: refresh }, config);
}

export function useRemoveWorkDaySignups(id: string, config: MutationConfig<string[], readonly string[]> = {}) {
  const refresh = useRosterRefresh(id);
  return useAdminMutation((signupIds: readonly string[]) => removeWorkDaySignups(id, signupIds), { onSettled: refresh }, config);
}
