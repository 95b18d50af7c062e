import { RunDueJobs } from '../../../core/jobs/run-due-jobs';
import { ScheduleReminders } from '../../../core/operations/schedule-reminders';
import { SendEventReminders } from '../../../core/reminders/send-event-reminders';
import { SendWorkDayReminders } from '../../../core/work-days/send-work-day-reminders';
import { SweepExpiredSignIns } from '../../../core/member-sign-in/sweep-expired-sign-ins';
import { SendMembershipReminders } from '../../../core/operations/send-membership-reminders';
import { jobHandlers } from '../../../core/operations/scheduled-work';
import type { AppConfig } from '../../config';
import { provide, siteSettings, type Feature } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ reminderDaysBefore: config.reminderDaysBefore, siteSettings: siteSettings(config) });

export const scheduledJobsFeature: Feature = {
  name: 'scheduled-jobs',
  useCases: ({ get, config, useCase }) => {
    const settings = settingsOf(config);
    return [
      provide(RunDueJobs, () => new RunDueJobs({ jobs: get('jobs'), clock: get('clock'), jobHandlers: jobHandlers(useCase) })),
      provide(
        SweepExpiredSignIns,
        () =>
          new SweepExpiredSignIns({
            signInCodes: get('signInCodes'),
            passkeyChallenges: get('passkeyChallenges'),
            memberSessions: get('memberSessions'),
            clock: get('clock'),
          }),
      ),
      provide(
        ScheduleReminders,
        () =>
          new ScheduleReminders({
            events: get('events'),
            jobs: get('jobs'),
            clock: get('clock'),
            reminderDaysBefore: settings.reminderDaysBefore,
            workDays: get('workDays'),
          }),
      ),
      provide(
        SendEventReminders,
        () =>
          new SendEventReminders({
            events: get('events'),
            bookings: get('bookings'),
            outbox: get('outbox'),
            bookingLinks: get('bookingLinks'),
            clock: get('clock'),
            siteSettings: settings.siteSettings,
            reminderDaysBefore: settings.reminderDaysBefore,
          }),
      ),
      provide(
        SendMembershipReminders,
        () =>
          new SendMembershipReminders({
            members: get('members'),
            membership: get('membership'),
            outbox: get('outbox'),
            pushSubscriptions: get('pushSubscriptions'),
            pushOutbox: get('pushOutbox'),
            renewalLinks: get('renewalLinks'),
            signInKeys: get('signInKeys'),
            clock: get('clock'),
            siteSettings: settings.siteSettings,
          }),
      ),
      provide(
        SendWorkDayReminders,
        () =>
          new SendWorkDayReminders({
            workDays: get('workDays'),
            outbox: get('outbox'),
            workDayLinks: get('workDayLinks'),
            clock: get('clock'),
            siteSettings: settings.siteSettings,
            reminderDaysBefore: settings.reminderDaysBefore,
          }),
      ),
    ];
  },
};
