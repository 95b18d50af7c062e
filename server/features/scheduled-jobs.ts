import { RunDueJobs } from '../../core/use-cases/run-due-jobs';
import { ScheduleReminders } from '../../core/use-cases/schedule-reminders';
import { SendEventReminders } from '../../core/use-cases/send-event-reminders';
import { SendWorkDayReminders } from '../../core/use-cases/send-work-day-reminders';
import { jobHandlers } from '../../core/use-cases/scheduled-work';
import type { AppConfig } from '../config';
import { provide, siteSettings, type Feature } from './feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  reminderDaysBefore: config.reminderDaysBefore,
  siteSettings: siteSettings(config),
});

export const scheduledJobsFeature: Feature = {
  name: 'scheduled-jobs',
  useCases: ({ get, config, useCase }) => {
    const settings = settingsOf(config);
    return [
      provide(RunDueJobs, () => new RunDueJobs({ jobs: get('jobs'), clock: get('clock'), jobHandlers: jobHandlers(useCase) })),
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
