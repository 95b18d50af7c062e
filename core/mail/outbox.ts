import type { OutboxMessage, OutgoingMail } from './mail';
import { afterFailedTry } from '../shared/retries';

// The retry rule is shared with the scheduled jobs (retries.ts); its names stay importable from here.
export { FIRST_RETRY_MS, GIVE_UP_AFTER_MS, LONGEST_RETRY_MS, retryDelayMs } from '../shared/retries';

/**
 * How long a claim holds a message without a heartbeat: a sender renews it every
 * CLAIM_HEARTBEAT_MS while it works (an SMTP exchange may take minutes on a silent server), so a
 * live sender keeps its message, and one that died (killed, restarted) lets it go within about a
 * minute, for the next round of any instance to send.
 */
export const CLAIM_LEASE_MS = 60_000;
export const CLAIM_HEARTBEAT_MS = 20_000;

/** A new message, due at once. */
export function newOutboxMessage(id: string, kind: string, recordId: string | null, mail: OutgoingMail, now: Date): OutboxMessage {
  return {
    id,
    kind,
    recordId,
    mail,
    status: 'queued',
    createdAt: now.toISOString(),
    queuedAt: now.toISOString(),
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    lastError: null,
    sentAt: null,
  };
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
  const { attempts, nextAttemptAt } = afterFailedTry(message.attempts, message.queuedAt, now);
  return { ...message, status: nextAttemptAt === null ? 'failed' : 'queued', attempts, nextAttemptAt, lastError: answer.slice(0, 1000) };
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
