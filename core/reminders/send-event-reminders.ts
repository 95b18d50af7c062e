import { z } from 'zod';
import { bookingReminder } from '../bookings/booking-mail';
import { newOutboxMessage } from '../mail/outbox';
import { getsReminder, reminderMessageId, reminderMoment, remindersDue, REMINDER_MAIL_KIND } from './reminders';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import type { Outbox } from '../mail/outbox.port';
import { manageUrl } from '../bookings/booking-confirmations';

export interface SendEventRemindersDeps {
  events: EventRepository;
  bookings: BookingRepository;
  outbox: Outbox;
  bookingLinks: BookingLinks;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
  reminderDaysBefore: number;
}

/** The event-reminders job's payload (core/reminders/reminders.ts eventRemindersJob). */
const PayloadSchema = z.object({ eventId: z.string().min(1), start: z.string() });

/**
 * One event's reminders (the event-reminders job): a reminder e-mail to each booking that gets
 * one (getsReminder), written to the outbox under the booking's own reminder id, so a member
 * gets one however often the job runs. Nothing when the event is gone, has moved (the round
 * schedules the new date's job), has reminders turned off, or has begun. Answers how many
 * reminders this run wrote.
 */
export class SendEventReminders {
  constructor(private readonly deps: SendEventRemindersDeps) {}

  async execute(payload: unknown): Promise<number> {
    const { eventId, start } = PayloadSchema.parse(payload);
    const now = this.deps.clock.now();
    const event = await this.deps.events.get(eventId);
    if (!event || event.eventdatetime === null || Date.parse(event.eventdatetime) !== Date.parse(start)) return 0;
    const moment = reminderMoment(event, this.deps.reminderDaysBefore);
    if (moment === null || !remindersDue(event, now, this.deps.reminderDaysBefore)) return 0;
    const { clubName } = this.deps.siteSettings;
    let written = 0;
    for (const booking of await this.deps.bookings.listByEvent(event.id)) {
      if (!getsReminder(booking, moment)) continue;
      const mail = bookingReminder(booking, event, { clubName, location: clubName, manageUrl: manageUrl(this.deps, booking, event) });
      if (await this.deps.outbox.addOnce(newOutboxMessage(reminderMessageId(booking.id), REMINDER_MAIL_KIND, booking.id, mail, now))) written += 1;
    }
    return written;
  }
}
