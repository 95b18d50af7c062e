import { CLAIM_HEARTBEAT_MS, CLAIM_LEASE_MS } from './outbox';
import type { Clock } from '../shared/clock.port';

/** A queue whose rows a sender claims one at a time (the e-mail outbox, the push outbox). */
export interface ClaimingQueue<C, O> {
  claimDue(now: Date, leaseMs: number, limit: number): Promise<C[]>;
  renew(claim: C, now: Date, leaseMs: number): Promise<boolean>;
  settle(claim: C, outcome: O): Promise<boolean>;
}

/**
 * The outbox discipline of a sender's round (docs/mail.md): up to `limit` times, claims one due
 * row (a sender that dies holds at most one, for at most a lease), keeps the claim with a
 * heartbeat while `attempt` works on it, and settles the outcome. `tally` hears each outcome and
 * whether it was recorded (false: the claim lapsed and another sender took the row).
 */
export async function claimedRound<C, O>(
  queue: ClaimingQueue<C, O>,
  clock: Clock,
  options: { limit: number; heartbeatMs?: number },
  attempt: (claim: C) => Promise<O>,
  tally: (outcome: O, recorded: boolean) => void,
): Promise<void> {
  for (let taken = 0; taken < options.limit; taken++) {
    const [claim] = await queue.claimDue(clock.now(), CLAIM_LEASE_MS, 1);
    if (!claim) break;
    const heartbeat = setInterval(() => void queue.renew(claim, clock.now(), CLAIM_LEASE_MS).catch(() => undefined), options.heartbeatMs ?? CLAIM_HEARTBEAT_MS);
    let outcome: O;
    try {
      outcome = await attempt(claim);
    } finally {
      clearInterval(heartbeat);
    }
    tally(outcome, await queue.settle(claim, outcome));
  }
}
