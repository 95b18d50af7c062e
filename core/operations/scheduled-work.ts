import { newJob } from '../jobs/jobs';
import { EVENT_REMINDERS_JOB } from '../reminders/reminders';
import type { Job } from '../jobs/job';
import type { JobHandler, JobHandlers } from '../jobs/run-due-jobs';
import { ScheduleReminders } from './schedule-reminders';
import { SendEventReminders } from '../reminders/send-event-reminders';
import { OfferFreedPlaces } from '../waiting-list/offer-freed-places';
import { WORK_DAY_REMINDERS_JOB } from '../work-days/work-day-mail';
import { SendWorkDayReminders } from '../work-days/send-work-day-reminders';
import { NEWS_INDEX_ROUND_MS, RefreshNewsIndex } from '../news/refresh-news-index';
import { RefreshForecast } from '../conditions/refresh-forecast';
import { SendConditionsAlerts } from '../conditions/conditions-alerts';
import { SendDutyReminders } from '../duties/duty-reminders';
import { SendStaffingAlerts } from '../duties/staffing-alerts';
import { ApplyRetention } from '../privacy/apply-retention';
import { SweepExpiredSignIns } from '../member-sign-in/sweep-expired-sign-ins';
import { MEMBERSHIP_REMINDER_RUN_JOB, nextMembershipReminderRun, SendMembershipReminders } from './send-membership-reminders';
import { JoinClub } from './join-club';
import { MembershipOrders } from '../membership/membership-orders';
import { DecideEvent, GO_PUSH_JOB } from '../conditions/decide-event';
import { EVENT_MOVE_MAIL_JOB, UpdateEvent } from './update-event';

/** How often the reminders' round looks for events whose reminders are due. */
export const REMINDER_ROUND_MS = 15 * 60_000;
export const REMINDER_ROUND_JOB = 'reminder-round';
/** How often the waiting lists' round offers freed places and expires lapsed offers: within a minute. */
export const WAITING_LIST_ROUND_MS = 30_000;
export const WAITING_LIST_ROUND_JOB = 'waitlist-round';
/** The news index refilled from an outside campaign source (MailerLite). */
export const NEWS_INDEX_ROUND_JOB = 'news-index-round';
/**
 * The forecast's round: it fetches only when the stored forecast is an hour old (so at most hourly,
 * whatever the instances), and a failed fetch is tried again at the next round.
 */
export const FORECAST_ROUND_MS = 15 * 60_000;
export const FORECAST_ROUND_JOB = 'forecast-round';
/** The admins' conditions alerts: within a quarter of an hour of 48 and 24 hours before an event. */
export const CONDITIONS_ALERT_ROUND_MS = 15 * 60_000;
export const CONDITIONS_ALERT_ROUND_JOB = 'conditions-alert-round';
/** Duty reminders and red staffing light alerts (docs/duties.md): within a quarter of an hour of their time. */
export const DUTY_MAIL_ROUND_MS = 15 * 60_000;
export const DUTY_MAIL_ROUND_JOB = 'duty-mail-round';
/** Expired sign-in codes, passkey challenges and member sessions removed (docs/member-sign-in.md): codes live 10 minutes. */
export const SIGN_IN_SWEEP_ROUND_MS = 15 * 60_000;
export const SIGN_IN_SWEEP_ROUND_JOB = 'sign-in-sweep-round';
/** The retention schedule applied every night at RETENTION_RUN_HOUR London time (docs/data-protection.md). */
export const RETENTION_RUN_JOB = 'retention-run';

/** The server's use cases, as the container gives them. */
export type UseCaseOf = <T>(type: new (deps: never) => T) => T;

/**
 * Every kind of scheduled work the server runs, by job kind. A new kind (a waiting-list offer's
 * expiry, say) is one row here: its handler, and the jobs it schedules with newJob and a key of
 * its own (the JobQueue keeps one job per key).
 */
export function jobHandlers(useCase: UseCaseOf): JobHandlers {
  return {
    [REMINDER_ROUND_JOB]: repeatingRound(REMINDER_ROUND_MS, () => useCase(ScheduleReminders).execute()),
    [WAITING_LIST_ROUND_JOB]: repeatingRound(WAITING_LIST_ROUND_MS, () => useCase(OfferFreedPlaces).execute()),
    [NEWS_INDEX_ROUND_JOB]: repeatingRound(NEWS_INDEX_ROUND_MS, () => useCase(RefreshNewsIndex).execute()),
    [FORECAST_ROUND_JOB]: repeatingRound(FORECAST_ROUND_MS, () => useCase(RefreshForecast).execute()),
    [CONDITIONS_ALERT_ROUND_JOB]: repeatingRound(CONDITIONS_ALERT_ROUND_MS, () => useCase(SendConditionsAlerts).execute()),
    [DUTY_MAIL_ROUND_JOB]: repeatingRound(DUTY_MAIL_ROUND_MS, async () => {
      await useCase(SendDutyReminders).execute();
      await useCase(SendStaffingAlerts).execute();
    }),
    [SIGN_IN_SWEEP_ROUND_JOB]: repeatingRound(SIGN_IN_SWEEP_ROUND_MS, () => useCase(SweepExpiredSignIns).execute()),
    [RETENTION_RUN_JOB]: {
      repeats: true,
      run: async (_job, now) => {
        const retention = useCase(ApplyRetention);
        await retention.execute();
        return retention.nextRunAfter(now);
      },
    },
    [MEMBERSHIP_REMINDER_RUN_JOB]: {
      repeats: true,
      run: async (_job, now) => {
        await useCase(SendMembershipReminders).execute();
        // Applications waiting past the settings' expiry are closed and refunded in the same daily run (docs/membership.md#joining).
        await useCase(JoinClub).expire();
        // Renewal orders never paid or never confirmed are closed too (docs/membership.md#orders-left-open).
        await useCase(MembershipOrders).closeLeftOpen();
        return nextMembershipReminderRun(now);
      },
    },
    [EVENT_REMINDERS_JOB]: oneOffJob((payload) => useCase(SendEventReminders).execute(payload)),
    [WORK_DAY_REMINDERS_JOB]: oneOffJob((payload) => useCase(SendWorkDayReminders).execute(payload)),
    [GO_PUSH_JOB]: oneOffJob((payload) => useCase(DecideEvent).pushRecordedGo(payload)),
    [EVENT_MOVE_MAIL_JOB]: oneOffJob((payload) => useCase(UpdateEvent).tellMoveToTheRest(payload)),
  };
}

/** Work that repeats for as long as the server runs: done, then due again `everyMs` later. */
function repeatingRound(everyMs: number, work: () => Promise<unknown>): JobHandler {
  return {
    repeats: true,
    run: async (_job, now) => {
      await work();
      return new Date(now.getTime() + everyMs);
    },
  };
}

/** Work done once with its job's payload. */
function oneOffJob(work: (payload: Job['payload']) => Promise<unknown>): JobHandler {
  return {
    run: async (job) => {
      await work(job.payload);
      return null;
    },
  };
}

/** The nightly retention run, first due at `firstRun` (the next RETENTION_RUN_HOUR): one job, however many instances schedule it. */
export function retentionRunJob(now: Date, firstRun: Date): Job {
  return newJob({ id: RETENTION_RUN_JOB, kind: RETENTION_RUN_JOB, dueAt: firstRun }, now);
}

/**
 * The renewal reminders' daily run (docs/membership.md, "Reminder mails and the renewal link"),
 * first due at the next 9:00 London time: one job, however many instances schedule it.
 */
export function membershipReminderRunJob(now: Date): Job {
  return newJob({ id: MEMBERSHIP_REMINDER_RUN_JOB, kind: MEMBERSHIP_REMINDER_RUN_JOB, dueAt: nextMembershipReminderRun(now) }, now);
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
    newJob({ id: FORECAST_ROUND_JOB, kind: FORECAST_ROUND_JOB, dueAt: now }, now),
    newJob({ id: CONDITIONS_ALERT_ROUND_JOB, kind: CONDITIONS_ALERT_ROUND_JOB, dueAt: now }, now),
    newJob({ id: DUTY_MAIL_ROUND_JOB, kind: DUTY_MAIL_ROUND_JOB, dueAt: now }, now),
    newJob({ id: SIGN_IN_SWEEP_ROUND_JOB, kind: SIGN_IN_SWEEP_ROUND_JOB, dueAt: now }, now),
  ];
}
