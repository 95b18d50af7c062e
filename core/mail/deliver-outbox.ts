import { afterRefused, afterSent } from './outbox';
import { claimedRound } from './claimed-rounds';
import type { Clock } from '../shared/clock.port';
import { MailRefusedError, type Mailer } from './mailer.port';
import type { Outbox } from './outbox.port';
import type { MailCompanions } from './mail-companions.port';
import type { ClaimedWorkRound } from '../jobs/jobs';
import { UseCase } from '../shared/use-case';

export interface DeliverOutboxDeps {
  outbox: Outbox;
  mailer: Mailer;
  clock: Clock;
  /** What a message carries besides the e-mail (its push), queued before each try. */
  companions: MailCompanions;
  /** How often a claim is renewed while its message is being sent (tests make it short). */
  heartbeatMs?: number;
}

/** A round of the sender: the messages sent, beside the retried, failed and lost (sent, but not recorded). */
export interface DeliveryRound extends ClaimedWorkRound {
  sent: number;
}

/**
 * One round of the sender: claims the messages that are due, queues what each carries besides the
 * e-mail (its push notification, only if not queued already), hands each to the mail server and
 * records the outcome (sent; refused and due again after the back-off; or given up after a day).
 * A claim keeps other server instances off the message while it is being sent, renewed by a
 * heartbeat; every delivery of a message carries the same Message-ID (its outbox id).
 */
export class DeliverOutbox extends UseCase<DeliverOutboxDeps> {
  async execute(options: { limit?: number } = {}): Promise<DeliveryRound> {
    const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0, lost: 0 };
    const { outbox, clock } = this.deps;
    await claimedRound(
      outbox,
      clock,
      { limit: options.limit ?? 20, ...(this.deps.heartbeatMs === undefined ? {} : { heartbeatMs: this.deps.heartbeatMs }) },
      async (claim) => {
        try {
          await this.deps.companions.queueFor(claim.message);
        } catch (error) {
          // Tried again with the e-mail, after the same back-off: what it carries is not lost.
          return afterRefused(claim.message, clock.now(), `Could not queue its push notification: ${error instanceof Error ? error.message : String(error)}`);
        }
        try {
          await this.deps.mailer.send(claim.message.mail, claim.message.id);
          return afterSent(claim.message, clock.now());
        } catch (error) {
          const answer = error instanceof MailRefusedError ? error.message : `Could not send: ${error instanceof Error ? error.message : String(error)}`;
          return afterRefused(claim.message, clock.now(), answer);
        }
      },
      (outcome, recorded) => {
        if (!recorded) round.lost += 1;
        else if (outcome.status === 'sent') round.sent += 1;
        else if (outcome.status === 'failed') round.failed += 1;
        else round.retrying += 1;
      },
    );
    return round;
  }
}
