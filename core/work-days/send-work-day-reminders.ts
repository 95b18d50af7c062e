import { z } from 'zod';
import type { WorkDay, WorkDaySignup } from './work-day';
import { type DatedRemindersDeps, writeDatedReminders } from '../reminders/dated-reminders';
import {
  getsWorkDayReminder,
  WORK_DAY_REMINDER_KIND,
  workDayReminder,
  workDayReminderMessageId,
  workDayReminderMoment,
  workDayRemindersDue,
} from './work-day-mail';
import { workDayPath } from '../shared/paths';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { withdrawPathOf } from './work-day-links';
import { UseCase } from '../shared/use-case';

export interface SendWorkDayRemindersDeps extends DatedRemindersDeps {
  workDays: WorkDayRepository;
  workDayLinks: BookingLinks;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/** The workday-reminders job's payload (core/work-days/work-day-mail.ts workDayRemindersJob). */
const PayloadSchema = z.object({ workDayId: z.string().min(1), date: z.string() });

/**
 * One work day's reminders (the workday-reminders job): a reminder e-mail to each volunteer still
 * signed up who gave an e-mail (getsWorkDayReminder), written to the outbox under the sign-up's own
 * reminder id, so a volunteer gets one however often the job runs. A volunteer who withdrew is no
 * longer signed up and gets none. Nothing when the work day is gone, archived, has moved (the
 * round schedules the new date's job) or has begun. Answers how many reminders this run wrote.
 */
export class SendWorkDayReminders extends UseCase<SendWorkDayRemindersDeps> {
  async execute(payload: unknown): Promise<number> {
    const { workDayId, date } = PayloadSchema.parse(payload);
    const { clubName, publicBaseUrl } = this.deps.siteSettings;
    return writeDatedReminders<WorkDay, WorkDaySignup>(this.deps, {
      load: () => this.deps.workDays.get(workDayId),
      scheduledFor: date,
      startOf: (workDay) => workDay.date,
      moment: workDayReminderMoment,
      due: workDayRemindersDue,
      recipients: (workDay) => this.deps.workDays.listSignups(workDay.id),
      gets: getsWorkDayReminder,
      mail: (signup, workDay) =>
        workDayReminder(signup, workDay, {
          clubName,
          location: clubName,
          withdrawUrl: `${publicBaseUrl}${withdrawPathOf(this.deps.workDayLinks, signup, workDay)}`,
          workDayUrl: `${publicBaseUrl}${workDayPath(workDay.id)}`,
        }),
      messageId: workDayReminderMessageId,
      kind: WORK_DAY_REMINDER_KIND,
    });
  }
}
