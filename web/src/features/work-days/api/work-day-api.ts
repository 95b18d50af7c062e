import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WorkDaySignupForm, WorkDayWithCountsSchema } from '@core/work-days/work-day';
import { MyWorkDaySignupSchema, SignUpResultSchema, type MyWorkDaySignup, type SignUpResult } from '@core/work-days/work-day-signup-schema';
import { ApiError, apiPost } from '../../../lib/api';
import { myWorkDaySignupQueryOptions, workDayQueryOptions, workDaysRead } from './work-day-reads';

export type ListedWorkDay = z.infer<typeof WorkDayWithCountsSchema>;

/** Signs a volunteer up for the work day's jobs (POST /api/work-days/{id}/signups). */
export function signUpForWorkDay(id: string, form: WorkDaySignupForm): Promise<SignUpResult> {
  return apiPost(`/api/work-days/${encodeURIComponent(id)}/signups`, form, SignUpResultSchema);
}

/**
 * Sign Up. A 409 (a job filled up meanwhile, or this name has signed up already) fetches the
 * day's counts again in the background, so a full job shows as full while the form and its
 * message stay.
 */
export function useSignUpForWorkDay(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: WorkDaySignupForm) => signUpForWorkDay(id, form),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: workDayQueryOptions(id).queryKey, exact: true });
    },
  });
}

/** Withdraws that sign-up (POST /api/work-day-signup/withdraw; again: no change, and the answer says so). */
export function withdrawFromWorkDay(token: string): Promise<MyWorkDaySignup> {
  return apiPost('/api/work-day-signup/withdraw', { token }, MyWorkDaySignupSchema);
}

/** Withdraw: the answer replaces the sign-up the page shows; the day's counts are read again on its page and the calendar. */
export function useWithdrawFromWorkDay(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawFromWorkDay(token),
    onSuccess: (signup) => {
      client.setQueryData(myWorkDaySignupQueryOptions(token).queryKey, signup);
      void client.invalidateQueries({ queryKey: workDayQueryOptions(signup.workDayId).queryKey });
      void client.invalidateQueries({ queryKey: workDaysRead.queryKey });
    },
  });
}
