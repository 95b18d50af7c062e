import { claimedRound } from '../mail/claimed-rounds';
import type { Clock } from '../shared/clock.port';
import { UseCase } from '../shared/use-case';
import type { ClaimedWorkRound } from '../jobs/jobs';
import { pushGone, pushPayload, pushRefused, pushSent, type PushDelivery } from './push';
import type { PushOutbox } from './push-outbox.port';
import type { PushSender } from './push-sender.port';
import type { PushSubscriptionRepository } from './push-subscription-repository.port';

export interface DeliverPushDeps {
  pushOutbox: PushOutbox;
  pushSubscriptions: Pick<PushSubscriptionRepository, 'get' | 'remove'>;
  pushSender: PushSender;
  clock: Clock;
  /** How often a claim is renewed while its delivery is being sent (tests make it short). */
  heartbeatMs?: number;
}

/** A round of the push sender: sent, retried, failed, lost (sent, not recorded) and gone (device unsubscribed). */
export interface PushRound extends ClaimedWorkRound {
  sent: number;
  gone: number;
}

/**
 * One round of the push sender (docs/notifications.md, "Delivery"), with the e-mail outbox's
 * discipline (core/mail/deliver-outbox.ts): claims the due deliveries one at a time, sends each
 * to its device's push service and records the outcome. A device the push service no longer knows
 * (404/410) is unsubscribed. Every try of a delivery carries its id as the notification's tag and
 * push topic, so a second try after a crash replaces the first on the device instead of adding one.
 */
export class DeliverPush extends UseCase<DeliverPushDeps> {
  async execute(options: { limit?: number } = {}): Promise<PushRound> {
    const round: PushRound = { sent: 0, retrying: 0, failed: 0, lost: 0, gone: 0 };
    const { pushOutbox, clock } = this.deps;
    await claimedRound(
      pushOutbox,
      clock,
      { limit: options.limit ?? 50, ...(this.deps.heartbeatMs === undefined ? {} : { heartbeatMs: this.deps.heartbeatMs }) },
      (claim) => this.attempt(claim.delivery),
      (outcome, recorded) => {
        if (!recorded) round.lost += 1;
        else if (outcome.status === 'sent') round.sent += 1;
        else if (outcome.status === 'gone') round.gone += 1;
        else if (outcome.status === 'failed') round.failed += 1;
        else round.retrying += 1;
      },
    );
    return round;
  }

  private async attempt(delivery: PushDelivery): Promise<PushDelivery> {
    const { pushSubscriptions, pushSender, clock } = this.deps;
    const device = await pushSubscriptions.get(delivery.subscriptionId);
    // Unsubscribed, or the device now belongs to someone else: nothing of this member goes to it.
    if (!device || device.memberId !== delivery.memberId) return pushGone(delivery, 'The device is no longer subscribed');
    const result = await pushSender.send(device, pushPayload(delivery), delivery.id);
    if (result.outcome === 'sent') return pushSent(delivery, clock.now());
    if (result.outcome === 'gone') {
      await pushSubscriptions.remove(device.id);
      return pushGone(delivery, result.answer);
    }
    return pushRefused(delivery, clock.now(), result.answer);
  }
}
