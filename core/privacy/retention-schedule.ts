import { z } from 'zod';
import { addDaysToDate, fromLondonWall, londonDate, londonWall } from '../shared/london-time';

/**
 * The kinds of personal data the retention schedule covers (docs/data-protection.md), in the order the admins'
 * page and the privacy notice list them.
 */
export const RETENTION_KINDS = [
  'bookingDetails',
  'financialRecords',
  'outboxBodies',
  'signInAttempts',
  'lapsedMembers',
  'waitingListEntries',
  'workDaySignups',
  'dutySignups',
] as const;
export const RetentionKindSchema = z.enum(RETENTION_KINDS);
export type RetentionKind = z.infer<typeof RetentionKindSchema>;

/** How long each kind is kept: the settings (README, server/config.ts). */
export interface RetentionSchedule {
  /** Bookings' names, e-mail, boat and attendees' names: months after the event. */
  bookingDetailsMonths: number;
  /** Financial records (reference, amount, method, refunds, dates), without names: years after the booking. */
  financialRecordsYears: number;
  /** The words of e-mails in the outbox: days after they were written. */
  outboxBodyDays: number;
  /** Failed sign-in attempts: days after the attempt. */
  signInAttemptDays: number;
  /** Members whose membership lapsed: months after their renewal date, unless they renew. */
  lapsedMemberMonths: number;
  /** Waiting-list entries: days after their event's start (the list closes when the event starts). */
  waitingListDays: number;
  /** Work-day sign-ups' names, e-mail and notes: months after the work day. */
  workDaySignupMonths: number;
  /** Who held each duty slot, and the duty's swap requests: months after the duty's start. */
  dutySignupMonths: number;
}

export const DEFAULT_RETENTION: RetentionSchedule = {
  bookingDetailsMonths: 24,
  financialRecordsYears: 6,
  outboxBodyDays: 90,
  signInAttemptDays: 30,
  lapsedMemberMonths: 24,
  waitingListDays: 1,
  workDaySignupMonths: 24,
  dutySignupMonths: 24,
};

/** What a run does to a record past its limit. */
export type RetentionAction = 'anonymise' | 'delete' | 'keep';

/** Each kind in words: what it holds, where, and what the run does once it is past its limit. */
export const RETENTION_KIND_TEXT: Record<RetentionKind, { title: string; holds: string; action: RetentionAction; after: string }> = {
  bookingDetails: {
    title: 'Booking details',
    holds: "The booker's name, e-mail address and boat name, and the names of the people booked for.",
    action: 'anonymise',
    after: 'The names become "Anonymised person" and the e-mail and boat are removed; the booking, its places and its money stay.',
  },
  financialRecords: {
    title: 'Financial records',
    holds: 'Booking reference, amount, payment method, refunds and their dates, without names once the booking details are anonymised.',
    action: 'keep',
    after: 'Kept for the accounts; they hold no names by then, so the run changes nothing.',
  },
  outboxBodies: {
    title: 'E-mails sent',
    holds: 'The words of each e-mail to a member, and to whom it went.',
    action: 'delete',
    after: 'The words and attachments are deleted and the address replaced by a pseudonym; the delivery record (what, when, sent or not) stays.',
  },
  signInAttempts: {
    title: 'Sign-in attempts',
    holds: 'The e-mail address or network address of each failed sign-in attempt.',
    action: 'delete',
    after: 'Deleted.',
  },
  lapsedMembers: {
    title: 'Lapsed members',
    holds: "A member's name, e-mail address, phone and emergency contact, after their membership lapsed.",
    action: 'anonymise',
    after: 'The name becomes "Anonymised", the e-mail a non-deliverable placeholder, and the phone and emergency contact are removed.',
  },
  waitingListEntries: {
    title: 'Waiting-list entries',
    holds: "The name and e-mail address of each person on an event's waiting list, and the places they wanted.",
    action: 'delete',
    after: 'Deleted: the list has closed with the event; its bookings are not affected.',
  },
  workDaySignups: {
    title: 'Work-day sign-ups',
    holds: "A volunteer's name and e-mail address, the jobs they chose and their notes.",
    action: 'anonymise',
    after: 'The name becomes "Anonymised person" and the e-mail, notes and own job text are removed; the chosen jobs stay, so the work day\'s counts stay.',
  },
  dutySignups: {
    title: 'Duty sign-ups',
    holds: "Which member held each duty of an event, an admin's reason for assigning someone not qualified, and who asked to swap a duty and who took it over.",
    action: 'anonymise',
    after:
      'The member is replaced by an anonymous holder (shown as "Anonymised") and the reason removed; the roster keeps how many held each duty. The duty\'s swap requests are deleted.',
  },
};

/**
 * How each kind's limit is counted: the setting that holds it, its unit, and from when, in the
 * words the limit's text ends with. The text and the cutoff both read this one table.
 */
const RETENTION_PERIODS: Record<RetentionKind, { setting: keyof RetentionSchedule; unit: 'day' | 'month' | 'year'; from: string }> = {
  bookingDetails: { setting: 'bookingDetailsMonths', unit: 'month', from: 'after the event' },
  financialRecords: { setting: 'financialRecordsYears', unit: 'year', from: 'after the booking' },
  outboxBodies: { setting: 'outboxBodyDays', unit: 'day', from: 'after the e-mail was written' },
  signInAttempts: { setting: 'signInAttemptDays', unit: 'day', from: 'after the attempt' },
  lapsedMembers: { setting: 'lapsedMemberMonths', unit: 'month', from: 'after the renewal date, unless the member renews' },
  waitingListEntries: { setting: 'waitingListDays', unit: 'day', from: 'after the event starts' },
  workDaySignups: { setting: 'workDaySignupMonths', unit: 'month', from: 'after the work day' },
  dutySignups: { setting: 'dutySignupMonths', unit: 'month', from: 'after the duty' },
};

/** The limit of a kind in words, e.g. "24 months after the event". */
export function retentionLimitText(kind: RetentionKind, schedule: RetentionSchedule): string {
  const period = RETENTION_PERIODS[kind];
  return `${plural(schedule[period.setting], period.unit)} ${period.from}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Where a kind's limit falls at `now`: records dated before it are past their limit. `instant` is
 * for dated records (an event's start, an attempt, an e-mail), `day` (a London calendar date) for
 * members' renewal dates. Months count back on London's calendar (31 March less one month is the
 * last day of February).
 */
export interface RetentionCutoff {
  instant: Date;
  day: string;
}

/** The cutoff of a kind at `now`. Financial records are never removed by the run: their cutoff is only shown. */
export function retentionCutoff(kind: RetentionKind, schedule: RetentionSchedule, now: Date): RetentionCutoff {
  const { setting, unit } = RETENTION_PERIODS[kind];
  const count = schedule[setting];
  return unit === 'day' ? daysBefore(now, count) : monthsBefore(now, unit === 'year' ? count * 12 : count);
}

function daysBefore(now: Date, days: number): RetentionCutoff {
  const instant = new Date(now.getTime() - days * 86_400_000);
  return { instant, day: londonDate(instant) };
}

function monthsBefore(now: Date, months: number): RetentionCutoff {
  const wall = londonWall(now);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() - months;
  // The same day of the month, or the month's last day when it has fewer days.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = new Date(
    Date.UTC(year, month, Math.min(wall.getUTCDate(), lastDay), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds()),
  );
  const instant = fromLondonWall(shifted);
  return { instant, day: shifted.toISOString().slice(0, 10) };
}

/** Whether a kind's run changes records (financial records are only reported). */
export function retentionRemoves(kind: RetentionKind): boolean {
  return RETENTION_KIND_TEXT[kind].action !== 'keep';
}

/** The words an outbox message keeps once its body is deleted. */
export const DELETED_MAIL_TEXT = 'The words of this e-mail were deleted under the retention schedule.';

/**
 * The e-mail an anonymised member keeps: never deliverable (the .invalid domain is reserved) and
 * unique per record, so the member list's one-member-per-e-mail rule still holds.
 */
export function anonymisedEmail(recordId: string): string {
  return `anonymised+${
    recordId
      .replace(/[^A-Za-z0-9-]/g, '')
      .toLowerCase()
      .slice(0, 64) || 'record'
  }@invalid.invalid`;
}

/** Whether an e-mail is an anonymised placeholder. */
export function isAnonymisedEmail(email: string): boolean {
  return /^anonymised\+[a-z0-9-]+@invalid\.invalid$/.test(email);
}

/**
 * When the nightly run next starts after `now`: the next `hour`:00 London time (a run that is
 * late, its server having been down, starts at once and is then due again at the next one).
 */
export function nextRetentionRun(now: Date, hour: number): Date {
  const today = londonDate(now);
  for (const day of [today, addDaysToDate(today, 1), addDaysToDate(today, 2)]) {
    const at = fromLondonWall(new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`));
    if (at.getTime() > now.getTime()) return at;
  }
  /* istanbul ignore next -- unreachable: one of three days always has the hour ahead */
  throw new Error('No next run found');
}
