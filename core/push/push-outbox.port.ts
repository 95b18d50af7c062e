import type { PushDelivery } from './push';

/** A delivery a sender has claimed: only the holder of `claim` may record its outcome. */
export interface ClaimedPushDelivery {
  delivery: PushDelivery;
  claim: string;
}

/**
 * The push outbox: one row per notification and device (docs/notifications.md, "Delivery"), with
 * the e-mail outbox's discipline (core/mail/outbox.port.ts): written first, claimed before it is
 * sent so several server instances never send one row together, a claim never settled (its sender
 * died) lapsing after the lease, retried with the same back-off, given up after a day.
 */
export interface PushOutbox {
  /**
   * Writes each delivery whose id is not stored yet (whatever the stored one's state), leaving the
   * stored ones as they are: how many it wrote. Queuing the same notification again writes nothing.
   */
  addOnce(deliveries: readonly PushDelivery[]): Promise<number>;
  /** Claims up to `limit` queued deliveries due by `now`, earliest due first, for `leaseMs`. */
  claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedPushDelivery[]>;
  /** Keeps a claim for `leaseMs` more from `now`; false, and nothing written, when it is no longer held. */
  renew(claim: ClaimedPushDelivery, now: Date, leaseMs: number): Promise<boolean>;
  /** Records the outcome of a claimed delivery; false, and nothing written, when the claim is no longer held. */
  settle(claim: ClaimedPushDelivery, outcome: PushDelivery): Promise<boolean>;
  /** The delivery of this id, or null. */
  get(id: string): Promise<PushDelivery | null>;
  /** Deletes every delivery to the member, whatever its state (erasure): how many there were. */
  removeByMember(memberId: string): Promise<number>;
}
