import { apiRead } from '../../../lib/page-data';

/**
 * The work-day pages' reads, kept apart from the zod schemas (which load with the pages) so the
 * router can start them beside a page's code: the days open for sign-ups, one day, and a
 * volunteer's own sign-up named by the signed token of its withdraw link.
 */
const workDaySchema = async () => (await import('@core/entities/work-day')).WorkDayWithCountsSchema;
const zod = async () => (await import('zod')).z;

export const workDaysRead = apiRead(['work-days'], '/api/work-days', async () => (await zod()).object({ workDays: (await zod()).array(await workDaySchema()) }), (answer) => answer.workDays);

export function workDayRead(id: string) {
  return apiRead(['work-day', id], `/api/work-days/${encodeURIComponent(id)}`, async () => (await zod()).object({ workDay: await workDaySchema() }), (answer) => answer.workDay);
}

export function myWorkDaySignupRead(token: string) {
  return apiRead(['work-day-signup', token], `/api/work-day-signup?${new URLSearchParams({ token }).toString()}`, async () => (await import('@core/use-cases/work-day-signup-schema')).MyWorkDaySignupSchema);
}
