import type { OutboxMessage, OutboxStatus } from './mail';

/** A message a sender has claimed: only the holder of `claim` may record its outcome. */
export interface ClaimedMessage {
  message: OutboxMessage;
  claim: string;
}

/**
 * The outbox: every e-mail to a member is written here first (with the change that causes it),
 * and senders deliver it from here. A message is claimed before it is sent, so with several
 * server instances each message goes to one sender at a time; a claim that is never settled
 * (its sender died) lapses after the lease and the message is due again.
 */
export interface Outbox {
  /** Writes new messages (each with a unique id). */
  add(messages: readonly OutboxMessage[]): Promise<void>;
  /**
   * Writes the message unless one with its id is already stored (whatever its state), which is
   * then left as it is: true when written. Work that may run twice (a scheduled job) writes its
   * e-mail under an id of its own making, so the member gets it once.
   */
  addOnce(message: OutboxMessage): Promise<boolean>;
  /** Claims up to `limit` queued messages due by `now`, oldest due first, for `leaseMs`. */
  claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]>;
  /**
   * A heartbeat: keeps a claim for `leaseMs` more from `now`, while its sender is still at work.
   * False, and nothing written, when the claim is no longer held (it lapsed and another sender
   * took the message, or it was settled).
   */
  renew(claim: ClaimedMessage, now: Date, leaseMs: number): Promise<boolean>;
  /**
   * Records what happened to a claimed message (the message as it now is). False, and nothing
   * written, when the claim is no longer held (it lapsed and another sender took the message).
   */
  settle(claim: ClaimedMessage, outcome: OutboxMessage): Promise<boolean>;
  get(id: string): Promise<OutboxMessage | null>;
  /** Newest first, optionally only one status or one record's messages. */
  list(filter?: { status?: OutboxStatus; recordId?: string; limit?: number }): Promise<OutboxMessage[]>;
  /** Replaces a message that is not claimed (an admin's resend); false when it does not exist. */
  replace(message: OutboxMessage): Promise<boolean>;
}
