import { newJob } from './jobs';
import { EVENT_REMINDERS_JOB } from '../reminders/reminders';
import type { Job } from './job';
import type { JobHandlers } from './run-due-jobs';
import { ScheduleReminders } from '../reminders/schedule-reminders';
import { SendEventReminders } from '../reminders/send-event-reminders';
import { OfferFreedPlaces } from '../waiting-list/offer-freed-places';
import { WORK_DAY_REMINDERS_JOB } from '../work-days/work-day-mail';
import { SendWorkDayReminders } from '../work-days/send-work-day-reminders';
import { NEWS_INDEX_ROUND_MS, RefreshNewsIndex } from '../news/refresh-news-index';

/** How often the reminders' round looks for events whose reminders are due. */
export const REMINDER_ROUND_MS = 15 * 60_000;
export const REMINDER_ROUND_JOB = 'reminder-round';
/** How often the waiting lists' round offers freed places and expires lapsed offers: within a minute. */
export const WAITING_LIST_ROUND_MS = 30_000;
export const WAITING_LIST_ROUND_JOB = 'waitlist-round';
/** The news index refilled from an outside campaign source (MailerLite). */
export const NEWS_INDEX_ROUND_JOB = 'news-index-round';

/** The server's use cases, as the container gives them. */
export type UseCaseOf = <T>(type: new (deps: never) => T) => T;

/**
 * Every kind of scheduled work the server runs, by job kind. A new kind (a waiting-list offer's
 * expiry, say) is one row here: its handler, and the jobs it schedules with newJob and a key of
 * its own (the JobQueue keeps one job per key).
 */
export function jobHandlers(useCase: UseCaseOf): JobHandlers {
  return {
    [REMINDER_ROUND_JOB]: {
      repeats: true,
      run: async (_job, now) => {
        await useCase(ScheduleReminders).execute();
        return new Date(now.getTime() + REMINDER_ROUND_MS);
      },
    },
    [WAITING_LIST_ROUND_JOB]: {
      repeats: true,
      run: async (_job, now) => {
        await useCase(OfferFreedPlaces).execute();
        return new Date(now.getTime() + WAITING_LIST_ROUND_MS);
      },
    },
    [NEWS_INDEX_ROUND_JOB]: {
      repeats: true,
      run: async (_job, now) => {
        await useCase(RefreshNewsIndex).execute();
        return new Date(now.getTime() + NEWS_INDEX_ROUND_MS);
      },
    },
    [EVENT_REMINDERS_JOB]: {
      run: async (job) => {
        await useCase(SendEventReminders).execute(job.payload);
        return null;
      },
    },
    [WORK_DAY_REMINDERS_JOB]: {
      run: async (job) => {
        await useCase(SendWorkDayReminders).execute(job.payload);
        return null;
      },
    },
  };
}

/**
 * The work that repeats for as long as a server runs, scheduled at every start. Each is one job
 * (scheduling keeps the first), so several instances, or a restart, never run it twice over.
 */
export function repeatingJobs(now: Date): Job[] {
  return [
    newJob({ id: REMINDER_ROUND_JOB, kind: REMINDER_ROUND_JOB, dueAt: now }, now),
    newJob({ id: WAITING_LIST_ROUND_JOB, kind: WAITING_LIST_ROUND_JOB, dueAt: now }, now),
    newJob({ id: NEWS_INDEX_ROUND_JOB, kind: NEWS_INDEX_ROUND_JOB, dueAt: now }, now),
  ];
}
