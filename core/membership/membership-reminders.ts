import { addDaysToDate } from '../shared/london-time';
import { type MembershipSettings } from './membership-settings';
import { isLifeRenewalDate } from './membership-renewal';

/** A renewal reminder already sent: for which membership end, and which of the reminder days. */
export interface SentReminder {
  end: string;
  day: number;
}

/**
 * How many days late a reminder may still go (a missed run, the server down over a weekend); after
 * that it is skipped, so no one hears "your membership ends in 7 days" a month after it ended.
 */
export const REMINDER_LATE_DAYS = 7;

/**
 * The renewal reminder due for a member on a London date, as a day of `reminderDays` (days
 * relative to the end: -7 is a week before, 0 the day, 14 two weeks after), or null
 * (docs/membership.md, "Reminders"). The rules:
 * - none for a life member or a disabled one;
 * - reminders belong to the membership end they were sent for: once renewed (the end moved) none
 *   of the old end's are due, and the new end's only from their own days;
 * - each at most once: none already in `sent` for this end;
 * - a reminder is due from its day until REMINDER_LATE_DAYS days after it; after days without a run
 *   only the latest due one is sent (no burst of stale reminders), and never one earlier than a
 *   reminder already sent for this end; none after the last.
 * The caller records the answer (with the end) when it sends, in the same step as the mail goes to
 * the outbox keyed by member, end and day.
 */
export function dueReminder(
  settings: Pick<MembershipSettings, 'reminderDays'>,
  member: { renewalDate: string; disabled: boolean },
  today: string,
  sent: readonly SentReminder[],
): number | null {
  if (member.disabled || isLifeRenewalDate(member.renewalDate)) return null;
  const reached = settings.reminderDays.filter((day) => addDaysToDate(member.renewalDate, day) <= today);
  if (reached.length === 0) return null;
  const latest = Math.max(...reached);
  if (addDaysToDate(member.renewalDate, latest + REMINDER_LATE_DAYS) < today) return null;
  const sentForThisEnd = sent.filter((s) => s.end === member.renewalDate);
  return sentForThisEnd.some((s) => s.day >= latest) ? null : latest;
}
