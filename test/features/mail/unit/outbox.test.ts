import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterRefused,
  afterResend,
  afterSent,
  dueAtMs,
  FIRST_RETRY_MS,
  GIVE_UP_AFTER_MS,
  LONGEST_RETRY_MS,
  newOutboxMessage,
  retryDelayMs,
} from '../../../../core/mail/outbox';
import type { OutboxMessage, OutgoingMail } from '../../../../core/mail/mail';
import { expectBackedOff } from '../../../support/unit/back-off';

const MAIL: OutgoingMail = { to: 'member@example.org', subject: 'Booking confirmed', text: 'See you there', html: '<p>See you there</p>', attachments: [] };
const WRITTEN = new Date('2026-06-01T09:00:00.000Z');

/** Refuses the message at each of its due times until it is given up; the times it was tried. */
function refuseUntilGivenUp(message: OutboxMessage): { tries: number[]; last: OutboxMessage } {
  const tries: number[] = [];
  let current = message;
  while (current.status === 'queued') {
    const at = Date.parse(current.nextAttemptAt ?? '');
    tries.push(at);
    current = afterRefused(current, new Date(at), '421 Try again later');
  }
  return { tries, last: current };
}

describe('the outbox retry rule', () => {
  it('waits 1 minute after the first refusal, doubling each time, never more than an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (failures) => {
        const delay = retryDelayMs(failures);
        expect(delay).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
        expect(delay).toBeLessThanOrEqual(LONGEST_RETRY_MS);
        expect(retryDelayMs(failures + 1)).toBe(Math.min(LONGEST_RETRY_MS, delay * 2));
      }),
    );
  });

  it('keeps trying a refused message for a day from when it was queued, then gives it up with the last answer', () => {
    const { tries, last } = refuseUntilGivenUp(newOutboxMessage('m1', 'booking-confirmation', 'b1', MAIL, WRITTEN));
    expect(last.status).toBe('failed');
    expect(last.lastError).toBe('421 Try again later');
    expect(last.nextAttemptAt).toBeNull();
    expect(dueAtMs(last)).toBeNull();
    // Every try within the day; the one that would have followed the last falls beyond it.
    for (const at of tries) expect(at - WRITTEN.getTime()).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(tries.at(-1)! + retryDelayMs(last.attempts) - WRITTEN.getTime()).toBeGreaterThan(GIVE_UP_AFTER_MS);
    expect(last.attempts).toBe(tries.length);
  });

  it('at any refusal: queued again exactly the back-off later while the day lasts, given up after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2 * GIVE_UP_AFTER_MS }), (attempts, sinceQueued) => {
        const message: OutboxMessage = { ...newOutboxMessage('m', 'k', null, MAIL, WRITTEN), attempts };
        const now = new Date(WRITTEN.getTime() + sinceQueued);
        const next = afterRefused(message, now, '450 mailbox busy');
        expectBackedOff(next, dueAtMs(next), { attempts, at: now, firstDue: WRITTEN, waitingStatus: 'queued' });
      }),
    );
  });

  it('a sent message is never due again; an admin resend makes it due now with a fresh day', () => {
    const later = new Date(WRITTEN.getTime() + 2 * GIVE_UP_AFTER_MS);
    const failed = refuseUntilGivenUp(newOutboxMessage('m', 'k', null, MAIL, WRITTEN)).last;
    const again = afterResend(failed, later);
    expect(again).toMatchObject({ status: 'queued', attempts: 0, createdAt: WRITTEN.toISOString(), queuedAt: later.toISOString() });
    expect(dueAtMs(again)).toBe(later.getTime());
    expect(afterRefused(again, later, '421').status).toBe('queued');
    const sent = afterSent(again, later);
    expect(sent).toMatchObject({ status: 'sent', sentAt: later.toISOString() });
    expect(dueAtMs(sent)).toBeNull();
  });
});
