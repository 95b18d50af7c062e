import { z } from 'zod';
import type { Booking } from '../bookings/booking';
import type { ClubEvent } from '../events/event';
import { bookingReminder } from '../bookings/booking-mail';
import { getsReminder, reminderMessageId, reminderMoment, remindersDue, REMINDER_MAIL_KIND } from './reminders';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import { type DatedRemindersDeps, writeDatedReminders } from './dated-reminders';
import { manageUrl } from '../bookings/booking-confirmations';
import { UseCase } from '../shared/use-case';

export interface SendEventRemindersDeps extends DatedRemindersDeps {
  events: EventRepository;
  bookings: BookingRepository;
  bookingLinks: BookingLinks;
  siteSettings: { clubName: string; publicBaseUrl: string };
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
export class SendEventReminders extends UseCase<SendEventRemindersDeps> {
  async execute(payload: unknown): Promise<number> {
    const { eventId, start } = PayloadSchema.parse(payload);
    const { clubName } = this.deps.siteSettings;
    return writeDatedReminders<ClubEvent, Booking>(this.deps, {
      load: () => this.deps.events.get(eventId),
      scheduledFor: start,
      startOf: (event) => event.eventdatetime,
      moment: reminderMoment,
      due: remindersDue,
      recipients: (event) => this.deps.bookings.listByEvent(event.id),
      gets: getsReminder,
      mail: (booking, event) => bookingReminder(booking, event, { clubName, location: clubName, manageUrl: manageUrl(this.deps, booking, event) }),
      messageId: reminderMessageId,
      kind: REMINDER_MAIL_KIND,
    });
  }
}
