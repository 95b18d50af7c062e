import { apiQuery, useRead } from '../../../lib/reads';

/**
 * The work-day pages' reads, kept apart from the zod schemas (which load with the pages) so the
 * router can start them beside a page's code: the days open for sign-ups, one day, and a
 * volunteer's own sign-up named by the signed token of its withdraw link. The answers' schemas
 * are core's, the ones the API declares too.
 */
const workDaySchemas = () => import('@core/work-days/work-day-schema');

export const workDaysRead = apiQuery(
  ['work-days'],
  '/api/work-days',
  async () => (await workDaySchemas()).WorkDaysResponseSchema,
  (answer) => answer.workDays,
);

export function workDayRead(id: string) {
  return apiQuery(
    ['work-day', id],
    `/api/work-days/${encodeURIComponent(id)}`,
    async () => (await workDaySchemas()).WorkDayResponseSchema,
    (answer) => answer.workDay,
  );
}

export function myWorkDaySignupRead(token: string) {
  return apiQuery(
    ['work-day-signup', token],
    `/api/work-day-signup?${new URLSearchParams({ token }).toString()}`,
    async () => (await import('@core/work-days/work-day-signup-schema')).MyWorkDaySignupSchema,
  );
}

/** The work days open for sign-ups. */
export function useWorkDays() {
  return useRead(workDaysRead);
}

/** One work day's query (its page's loader's and component's). */
export const workDayQueryOptions = workDayRead;

/** One work day, with its jobs' counts. */
export const useWorkDay = (argument: string) => useRead(workDayRead(argument));

/** A volunteer's sign-up's query (the withdraw page's loader's and component's). */
export const myWorkDaySignupQueryOptions = myWorkDaySignupRead;

/** The sign-up the token names. */
export const useMyWorkDaySignup = (argument: string) => useRead(myWorkDaySignupRead(argument));
