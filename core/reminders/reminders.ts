import type { Booking } from '../bookings/booking';
import type { ClubEvent } from '../events/event';
import type { Job } from '../jobs/job';
import { holdExpiry, isCancelled } from '../bookings/booking-state';
import { newJob } from '../jobs/jobs';
import { parseInstant } from '../shared/london-time';

/** REMINDER_DAYS_BEFORE's default (docs/product.md#waiting-list-and-reminders): reminders leave two days before the event. */
export const DEFAULT_REMINDER_DAYS_BEFORE = 2;
const DAY_MS = 86_400_000;

/** The job that writes one event's reminders, and the outbox message of one booking's reminder. */
export const EVENT_REMINDERS_JOB = 'event-reminders';
export const REMINDER_MAIL_KIND = 'booking-reminder';

/**
 * When the event's reminders are due: `daysBefore` days (of 24 hours) before its start. Null when
 * it sends none: reminders turned off for the event, no date yet, or `daysBefore` 0 (off for all).
 */
export function reminderMoment(event: Pick<ClubEvent, 'eventdatetime' | 'remindersOff'>, daysBefore: number): Date | null {
  const start = parseInstant(event.eventdatetime);
  if (start === null || event.remindersOff === true || !(daysBefore > 0)) return null;
  return new Date(start.getTime() - daysBefore * DAY_MS);
}

/** Whether the event's reminders are to go at `now`: their moment has come and the event has not begun. */
export function remindersDue(event: Pick<ClubEvent, 'eventdatetime' | 'remindersOff'>, now: Date, daysBefore: number): boolean {
  const moment = reminderMoment(event, daysBefore);
  return moment !== null && moment.getTime() <= now.getTime() && now.getTime() < Date.parse(event.eventdatetime ?? '');
}

/**
 * When the booking came to hold its places for good: a free booking when it was made, a paid one
 * when it was paid. Null while it does not: cancelled, or unpaid (a hold running or lapsed).
 */
export function confirmedAt(booking: Pick<Booking, 'cancelledAt' | 'paymentRequired' | 'paid' | 'submittedAt' | 'paymentCompletedAt'>): Date | null {
  if (isCancelled(booking) || holdExpiry(booking) !== null) return null;
  return parseInstant((booking.paid ? booking.paymentCompletedAt : null) ?? booking.submittedAt);
}

/**
 * Whether the booking gets the event's reminder, due at `moment`: it has an e-mail address and
 * stood confirmed by then. A booking confirmed later gets none: its confirmation, with the same
 * details, calendar file and link, came within those days.
 */
export function getsReminder(
  booking: Pick<Booking, 'userEmail' | 'cancelledAt' | 'paymentRequired' | 'paid' | 'submittedAt' | 'paymentCompletedAt'>,
  moment: Date,
): boolean {
  const confirmed = confirmedAt(booking);
  return Boolean(booking.userEmail) && confirmed !== null && confirmed.getTime() <= moment.getTime();
}

/** The reminder's outbox id: one per booking, however often (and by however many servers) it is written. */
export function reminderMessageId(bookingId: string): string {
  return `reminder-${bookingId}`;
}

/**
 * The job that writes the event's reminders, due at once. Keyed by the event and its start, so
 * every round that finds the event due schedules the one job; an event moved to a later date
 * gets a new one (its bookings already reminded are not reminded again: reminderMessageId).
 */
export function eventRemindersJob(event: Pick<ClubEvent, 'id' | 'eventdatetime'>, now: Date): Job {
  const start = event.eventdatetime ?? '';
  return newJob(
    { id: `${EVENT_REMINDERS_JOB}-${event.id}-${Date.parse(start)}`, kind: EVENT_REMINDERS_JOB, payload: { eventId: event.id, start }, dueAt: now },
    now,
  );
}
