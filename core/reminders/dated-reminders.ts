import { newOutboxMessage } from '../mail/outbox';
import type { Outbox } from '../mail/outbox.port';
import type { OutgoingMail } from '../mail/mail';
import type { Clock } from '../shared/clock.port';

/** What a reminders job needs: where the reminders go, the time, and how many days ahead they go. */
export interface DatedRemindersDeps {
  outbox: Outbox;
  clock: Clock;
  reminderDaysBefore: number;
}

/**
 * One dated thing's reminders job (an event's, a work day's), told how that thing is found,
 * dated, and reminded of. `scheduledFor` is the start the job was scheduled for.
 */
export interface DatedReminders<T, R extends { id: string }> {
  load: () => Promise<T | null>;
  scheduledFor: string;
  startOf: (thing: T) => string | null;
  /** When the reminders go (null: none), and whether they are due now. */
  moment: (thing: T, daysBefore: number) => Date | null;
  due: (thing: T, now: Date, daysBefore: number) => boolean;
  recipients: (thing: T) => Promise<readonly R[]>;
  /** Whether this recipient gets a reminder at `moment`, and the reminder. */
  gets: (recipient: R, moment: Date) => boolean;
  mail: (recipient: R, thing: T) => OutgoingMail;
  /** The reminder's outbox id, one per recipient, and its mail kind. */
  messageId: (recipientId: string) => string;
  kind: string;
}

/**
 * Writes a dated thing's reminders to the outbox, each under its recipient's own reminder id so
 * that a recipient gets one however often the job runs. Nothing when the thing is gone, has moved
 * since the job was scheduled (the round schedules the new date's job), gets no reminders, or
 * has begun. Answers how many reminders this run wrote.
 */
export async function writeDatedReminders<T, R extends { id: string }>(deps: DatedRemindersDeps, job: DatedReminders<T, R>): Promise<number> {
  const now = deps.clock.now();
  const thing = await job.load();
  const start = thing === null ? null : job.startOf(thing);
  if (thing === null || start === null || Date.parse(start) !== Date.parse(job.scheduledFor)) return 0;
  const moment = job.moment(thing, deps.reminderDaysBefore);
  if (moment === null || !job.due(thing, now, deps.reminderDaysBefore)) return 0;
  let written = 0;
  for (const recipient of await job.recipients(thing)) {
    if (!job.gets(recipient, moment)) continue;
    if (await deps.outbox.addOnce(newOutboxMessage(job.messageId(recipient.id), job.kind, recipient.id, job.mail(recipient, thing), now))) written += 1;
  }
  return written;
}
