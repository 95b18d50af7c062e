import type { Clock } from '../shared/clock.port';
import type { OutboxMessage } from '../mail/mail';
import type { MailCompanions } from '../mail/mail-companions.port';
import { newPushDelivery, PushNotificationSchema, type PushDelivery, type PushNotification } from './push';
import type { PushOutbox } from './push-outbox.port';
import type { PushSubscriptionRepository } from './push-subscription-repository.port';

/** What queuing a push reads and writes. */
export interface QueuePushDeps {
  pushSubscriptions: Pick<PushSubscriptionRepository, 'listByMember'>;
  pushOutbox: Pick<PushOutbox, 'addOnce'>;
  clock: Clock;
}

/**
 * The deliveries of a notification to each of these members' devices that chose its kind, under
 * `key` (as queuePush makes them), for a caller that writes them in its own atomic step with the
 * e-mails they go with (AnnouncementRepository.add). Reads the devices; writes nothing.
 */
export async function pushDeliveriesFor(
  deps: Pick<QueuePushDeps, 'pushSubscriptions' | 'clock'>,
  memberIds: readonly string[],
  key: string,
  notification: PushNotification,
): Promise<PushDelivery[]> {
  const now = deps.clock.now();
  const devices = (await Promise.all([...new Set(memberIds)].map((memberId) => deps.pushSubscriptions.listByMember(memberId)))).flat();
  return devices.filter((device) => device.kinds.includes(notification.kind)).map((device) => newPushDelivery(key, device, notification, now));
}

/**
 * Queues a notification of its kind for a member: one delivery per device of theirs that chose
 * the kind, under `key`, the notification's stable key (the id of the e-mail it goes with), so
 * work that runs twice (a retried job, a request sent again) queues it once per device. Answers
 * how many deliveries it wrote.
 */
export async function queuePush(deps: QueuePushDeps, memberId: string, key: string, notification: PushNotification): Promise<number> {
  const deliveries = await pushDeliveriesFor(deps, [memberId], key, notification);
  return deliveries.length === 0 ? 0 : deps.pushOutbox.addOnce(deliveries);
}

/**
 * The e-mail carrying a push notification for one member under `key` (CompanionPushSchema): the sender
 * queues it when it first takes the e-mail, so a push that goes with a write is not lost if the
 * process stops between the write and queuing it (docs/notifications.md#push).
 */
export function withPush(message: OutboxMessage, memberId: string, key: string, notification: PushNotification): OutboxMessage {
  return { ...message, push: { memberId, key, notification } };
}

/**
 * The mail sender's companion (MailCompanions): queues the push an e-mail carries, under its key,
 * only to devices not queued for it already. A notification that no longer reads as one (stored by
 * an older version) is left out rather than holding the e-mail back.
 */
export class PushBesideMail implements MailCompanions {
  constructor(private readonly deps: QueuePushDeps) {}

  async queueFor(message: OutboxMessage): Promise<void> {
    if (!message.push) return;
    const notification = PushNotificationSchema.safeParse(message.push.notification);
    if (!notification.success) return;
    await queuePush(this.deps, message.push.memberId, message.push.key, notification.data);
  }
}
