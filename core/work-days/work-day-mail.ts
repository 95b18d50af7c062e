import type { OutgoingMail } from '../mail/mail';
import type { Job } from '../jobs/job';
import type { WorkDay, WorkDaySignup } from './work-day';
import { composeMail } from '../mail/compose-mail';
import { icsFileName } from '../events/calendar-span';
import { formatDate, formatDateRange } from '../shared/date-text';
import { icsText, type IcsEvent } from '../events/ics-file';
import { newJob } from '../jobs/jobs';
import { parseInstant } from '../shared/london-time';
import { reminderMoment } from '../reminders/reminders';

/** What the calendar, the feed and the e-mails call a work day, so members tell it from an event. */
export const WORK_DAY_TITLE_PREFIX = 'Work day: ';

/** Outbox kinds of a volunteer's e-mails, and the job that writes one work day's reminders. */
export const WORK_DAY_CONFIRMATION_KIND = 'workday-confirmation';
export const WORK_DAY_REMINDER_KIND = 'workday-reminder';
export const WORK_DAY_REMOVAL_KIND = 'workday-removal';
export const WORK_DAY_REMINDERS_JOB = 'workday-reminders';

export const WORK_DAY_WITHDRAW_MESSAGES = {
  /** A forged, altered or expired withdraw link, or one whose work day is gone. */
  linkInvalid: 'This link is not valid. It may have expired, or the work day may have been removed.',
  withdrawn: 'You have withdrawn from this work day. Thank you for letting us know.',
  alreadyWithdrawn: 'You have already withdrawn from this work day.',
} as const;

const DAY_MS = 86_400_000;
/** A withdraw link works until 90 days after the work day (or after signing up, for an undated day), as a manage link does. */
export const WITHDRAW_LINK_DAYS_AFTER = 90;

export function withdrawLinkExpiry(signup: Pick<WorkDaySignup, 'submittedAt'>, workDay: Pick<WorkDay, 'date'>): Date {
  const last = parseInstant(workDay.date)?.getTime() ?? Date.parse(signup.submittedAt);
  return new Date(last + WITHDRAW_LINK_DAYS_AFTER * DAY_MS);
}

/**
 * A work day as a calendar entry: the same VEVENT shape as an event's (ics-file.ts), its title
 * marked "Work day: ", its UID apart from every event's (a work day and an event may share an
 * id), and its date as the only revision it has, so an unchanged work day gives the same text.
 * A work day starting at London midnight is a whole day; otherwise it blocks 3 hours, as events do.
 * With `signUpUrl` (the club's feed), the description ends with the sign-up link.
 */
export function workDayIcsEvent(workDay: Pick<WorkDay, 'id' | 'name' | 'description' | 'date'>, signUpUrl?: string): IcsEvent {
  const signUp = signUpUrl === undefined ? [] : [`Volunteers wanted. Sign up: ${signUpUrl}`];
  return {
    id: `workday-${workDay.id}`,
    name: `${WORK_DAY_TITLE_PREFIX}${workDay.name}`,
    description: [...(workDay.description.trim() === '' ? [] : [workDay.description]), ...signUp].join('\n\n'),
    longdescription: '',
    eventdatetime: workDay.date,
    eventenddatetime: null,
    updatedAt: workDay.date ?? '1970-01-01T00:00:00.000Z',
    sequence: 0,
    cancelledAt: null,
    cancelReason: null,
  };
}

/** Which work days the calendar page and the feed show: active and dated. */
export function isWorkDayOnCalendar(workDay: Pick<WorkDay, 'active' | 'date'>): boolean {
  return workDay.active && parseInstant(workDay.date) !== null;
}

/** What a volunteer's e-mails need besides the sign-up and its work day. */
export interface WorkDayMailContext {
  clubName: string;
  /** The work day's place, as calendar files give it. */
  location: string;
  /** The signed withdraw link, in full. */
  withdrawUrl: string;
  /** The work day's sign-up page, in full (the calendar file's link). */
  workDayUrl: string;
}

/** The lines that describe a sign-up, in the order the e-mails and the withdraw page give them. */
export function signupDetails(signup: WorkDaySignup, workDay: Pick<WorkDay, 'name' | 'date' | 'jobs'>): [string, string][] {
  const titles = signup.selectedJobs.map((id) => workDay.jobs.find((job) => job.id === id)?.title ?? id);
  const lines: [string, string][] = [
    ['Work day', workDay.name],
    ['When', workDay.date === null ? formatDateRange(null, null, 'member') : `${formatDateRange(workDay.date, null, 'member')} (UK time)`],
    ['Name', `${signup.firstName} ${signup.lastName}`],
  ];
  if (titles.length > 0) lines.push(['Jobs', titles.join(', ')]);
  if (signup.otherJob.trim() !== '') lines.push(['Other job', signup.otherJob]);
  if (signup.bringingTools) lines.push(['Bringing tools', 'Yes']);
  if (signup.wantsFood) lines.push(['Food', 'Yes, please']);
  lines.push(['Sign-up reference', signup.id]);
  return lines;
}

function calendarAttachments(workDay: WorkDay, context: WorkDayMailContext): OutgoingMail['attachments'] {
  if (parseInstant(workDay.date) === null) return [];
  return [
    {
      filename: icsFileName(workDay.name),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: icsText(workDayIcsEvent(workDay), context.location, context.workDayUrl),
    },
  ];
}

/**
 * The confirmation a volunteer who gave an e-mail gets when they sign up: the sign-up's details
 * in London time, the work day's calendar file and the link to withdraw.
 */
export function workDayConfirmation(signup: WorkDaySignup, workDay: WorkDay, context: WorkDayMailContext): OutgoingMail {
  if (!signup.email) throw new RangeError('A sign-up without an e-mail address gets no confirmation');
  const mail = composeMail(signup.firstName, signupDetails(signup, workDay), {
    subject: `Work day sign-up confirmed: ${workDay.name}`,
    paragraphs: [`Thank you for volunteering with ${context.clubName}. Your sign-up is confirmed.`],
    link: { lead: 'If you can no longer come, please withdraw with this link:', text: 'Withdraw from this work day', url: context.withdrawUrl },
    clubName: context.clubName,
  });
  return { to: signup.email, ...mail, attachments: calendarAttachments(workDay, context) };
}

/**
 * What a volunteer who gave an e-mail is told when an admin removes their sign-up: which work day,
 * that the club removed them, and the sign-up as it was. No link: the sign-up is gone.
 */
export function workDayRemovalNotice(
  signup: WorkDaySignup,
  workDay: Pick<WorkDay, 'name' | 'date' | 'jobs'>,
  context: Pick<WorkDayMailContext, 'clubName'>,
): OutgoingMail {
  if (!signup.email) throw new RangeError('A sign-up without an e-mail address gets no notice of its removal');
  const when = workDay.date === null ? '' : `, ${formatDateRange(workDay.date, null, 'member')} (UK time)`;
  const mail = composeMail(signup.firstName, signupDetails(signup, workDay), {
    subject: `Your work day sign-up was removed: ${workDay.name}`,
    paragraphs: [
      `${context.clubName} has removed your sign-up for the work day ${workDay.name}${when}. You are no longer expected that day.`,
      'If you think this is a mistake, please reply to this e-mail or contact the club.',
    ],
    link: null,
    clubName: context.clubName,
  });
  return { to: signup.email, ...mail, attachments: [] };
}

/** The reminder a volunteer who gave an e-mail gets some days before the work day. */
export function workDayReminder(signup: WorkDaySignup, workDay: WorkDay, context: WorkDayMailContext): OutgoingMail {
  if (!signup.email) throw new RangeError('A sign-up without an e-mail address gets no reminder');
  const mail = composeMail(signup.firstName, signupDetails(signup, workDay), {
    subject: `Reminder: ${workDay.name}, ${formatDate(workDay.date, 'member')}`,
    paragraphs: [
      `This is a reminder that you signed up to help at ${context.clubName}: ${workDay.name}, ${formatDateRange(workDay.date, null, 'member')} (UK time). Thank you, we look forward to seeing you.`,
    ],
    link: { lead: 'If you can no longer come, please withdraw with this link:', text: 'Withdraw from this work day', url: context.withdrawUrl },
    clubName: context.clubName,
  });
  return { to: signup.email, ...mail, attachments: calendarAttachments(workDay, context) };
}

const asEvent = (workDay: Pick<WorkDay, 'date'>) => ({ eventdatetime: workDay.date, remindersOff: false });

/**
 * When a work day's reminders are due: `daysBefore` days (REMINDER_DAYS_BEFORE, as events) before
 * it. Null when it sends none: no date, or `daysBefore` 0.
 */
export function workDayReminderMoment(workDay: Pick<WorkDay, 'date'>, daysBefore: number): Date | null {
  return reminderMoment(asEvent(workDay), daysBefore);
}

/** Whether the work day's reminders are to go at `now`: active, their moment has come and the day has not begun. */
export function workDayRemindersDue(workDay: Pick<WorkDay, 'date' | 'active'>, now: Date, daysBefore: number): boolean {
  const moment = workDayReminderMoment(workDay, daysBefore);
  const start = parseInstant(workDay.date);
  return workDay.active && moment !== null && start !== null && moment.getTime() <= now.getTime() && now.getTime() < start.getTime();
}

/**
 * Whether a sign-up gets the work day's reminder, due at `moment`: it gave an e-mail and was made
 * by then. One made later gets none: its confirmation, with the same details, came within those days.
 */
export function getsWorkDayReminder(signup: Pick<WorkDaySignup, 'email' | 'submittedAt'>, moment: Date): boolean {
  const at = parseInstant(signup.submittedAt);
  return Boolean(signup.email) && at !== null && at.getTime() <= moment.getTime();
}

/** The reminder's outbox id: one per sign-up, however often (and by however many servers) it is written. */
export function workDayReminderMessageId(signupId: string): string {
  return `workday-reminder-${signupId}`;
}

/**
 * The job that writes one work day's reminders, due at once; keyed by the work day and its date,
 * so every round that finds the day due schedules the one job, and a day moved later gets a new one.
 */
export function workDayRemindersJob(workDay: Pick<WorkDay, 'id' | 'date'>, now: Date): Job {
  const date = workDay.date ?? '';
  return newJob(
    { id: `${WORK_DAY_REMINDERS_JOB}-${workDay.id}-${Date.parse(date)}`, kind: WORK_DAY_REMINDERS_JOB, payload: { workDayId: workDay.id, date }, dueAt: now },
    now,
  );
}
