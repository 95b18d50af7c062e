import type { OutboxMessage, OutgoingMail } from '../entities/mail';

/** The first retry waits a minute; each later one twice as long as the one before, up to an hour. */
export const FIRST_RETRY_MS = 60_000;
export const LONGEST_RETRY_MS = 3_600_000;
/** A message still refused a day after it was written is given up (admins see it, and can resend). */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/**
 * How long a sender holds a message it has claimed before another may take it: far longer than
 * one SMTP exchange (the SMTP adapter gives up on a server silent for a minute), so a message is
 * sent once unless its sender died mid-send.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;

/** The wait before the next try after `failures` failed tries (1 → 1 min, 2 → 2 min, … 7+ → 1 h). */
export function retryDelayMs(failures: number): number {
  if (failures < 1) return 0;
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30));
}

/** A new message, due at once. */
export function newOutboxMessage(id: string, kind: string, recordId: string | null, mail: OutgoingMail, now: Date): OutboxMessage {
  return { id, kind, recordId, mail, status: 'queued', createdAt: now.toISOString(), queuedAt: now.toISOString(), attempts: 0, nextAttemptAt: now.toISOString(), lastError: null, sentAt: null };
}

/** The message once the SMTP server has taken it. */
export function afterSent(message: OutboxMessage, now: Date): OutboxMessage {
  return { ...message, status: 'sent', nextAttemptAt: null, sentAt: now.toISOString() };
}

/**
 * The message after a refused try: due again after the back-off, or given up (failed) when that
 * next try would fall more than a day after the message was queued.
 */
export function afterRefused(message: OutboxMessage, now: Date, answer: string): OutboxMessage {
  const attempts = message.attempts + 1;
  const next = now.getTime() + retryDelayMs(attempts);
  const lastError = answer.slice(0, 1000);
  if (next - Date.parse(message.queuedAt) > GIVE_UP_AFTER_MS) return { ...message, status: 'failed', attempts, nextAttemptAt: null, lastError };
  return { ...message, status: 'queued', attempts, nextAttemptAt: new Date(next).toISOString(), lastError };
}

/** An admin's "send again": queued and due now, with a fresh day of tries; its last answer is kept. */
export function afterResend(message: OutboxMessage, now: Date): OutboxMessage {
  return { ...message, status: 'queued', queuedAt: now.toISOString(), attempts: 0, nextAttemptAt: now.toISOString() };
}

/** When a stored message is next due, in ms: its next try while queued, never once sent or given up. */
export function dueAtMs(message: OutboxMessage): number | null {
  return message.status === 'queued' && message.nextAttemptAt !== null ? Date.parse(message.nextAttemptAt) : null;
}

/** Newest first, by when they were written (then by id, so every storage lists them alike). */
export function newestFirst(messages: readonly OutboxMessage[]): OutboxMessage[] {
  return [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
