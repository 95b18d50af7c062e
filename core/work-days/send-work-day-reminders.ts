import { z } from 'zod';
import { newOutboxMessage } from '../mail/outbox';
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
import type { Clock } from '../shared/clock.port';
import type { Outbox } from '../mail/outbox.port';
import type { WorkDayRepository } from './work-day-repository.port';
import { withdrawPathOf } from './work-day-links';

export interface SendWorkDayRemindersDeps {
  workDays: WorkDayRepository;
  outbox: Outbox;
  workDayLinks: BookingLinks;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
  reminderDaysBefore: number;
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
export class SendWorkDayReminders {
  constructor(private readonly deps: SendWorkDayRemindersDeps) {}

  async execute(payload: unknown): Promise<number> {
    const { workDayId, date } = PayloadSchema.parse(payload);
    const now = this.deps.clock.now();
    const workDay = await this.deps.workDays.get(workDayId);
    if (!workDay || workDay.date === null || Date.parse(workDay.date) !== Date.parse(date)) return 0;
    const moment = workDayReminderMoment(workDay, this.deps.reminderDaysBefore);
    if (moment === null || !workDayRemindersDue(workDay, now, this.deps.reminderDaysBefore)) return 0;
    const { clubName, publicBaseUrl } = this.deps.siteSettings;
    let written = 0;
    for (const signup of await this.deps.workDays.listSignups(workDay.id)) {
      if (!getsWorkDayReminder(signup, moment)) continue;
      const mail = workDayReminder(signup, workDay, {
        clubName,
        location: clubName,
        withdrawUrl: `${publicBaseUrl}${withdrawPathOf(this.deps.workDayLinks, signup, workDay)}`,
        workDayUrl: `${publicBaseUrl}${workDayPath(workDay.id)}`,
      });
      if (await this.deps.outbox.addOnce(newOutboxMessage(workDayReminderMessageId(signup.id), WORK_DAY_REMINDER_KIND, signup.id, mail, now))) written += 1;
    }
    return written;
  }
}
