import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { afterFailedTry } from '../shared/retries';

/**
 * The kinds of push notification a member chooses per device (docs/notifications.md, "Push"):
 * news of an event they booked, a waiting-list place offered, a duty swap asked of them or cover
 * they could take, their event postponed or cancelled, the go/no-go of their event on the day,
 * and membership renewal reminders.
 */
export const PUSH_KINDS = ['announcement', 'waiting-list-offer', 'duty-swap', 'event-change', 'go-no-go', 'renewal-reminder'] as const;
export const PushKindSchema = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof PushKindSchema>;

/** What a device gets until its member chooses: the kinds that ask something of them now, on; the daily and yearly ones, off. */
export const DEFAULT_PUSH_KINDS: readonly PushKind[] = ['announcement', 'waiting-list-offer', 'duty-swap', 'event-change'];

/** The kinds as My club lists them, each with its words. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  announcement: 'News of events I booked',
  'waiting-list-offer': 'A place offered from a waiting list',
  'duty-swap': 'A duty swap asked of me, or cover I could take',
  'event-change': 'My event postponed or cancelled',
  'go-no-go': 'The go/no-go of my event on the day',
  'renewal-reminder': 'Membership renewal reminders',
};

/** A list of kinds as stored and sent: each once, in PUSH_KINDS order. */
export function normalKinds(kinds: readonly PushKind[]): PushKind[] {
  return PUSH_KINDS.filter((kind) => kinds.includes(kind));
}

/**
 * The push services browsers use (Chrome and Edge's FCM, Firefox's Mozilla service, Safari's
 * Apple service, Windows' WNS): the server posts only to these hosts or their subdomains, so a
 * subscription cannot make it post to an address of the club's own network (docs/notifications.md).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'web.push.apple.com', 'notify.windows.com'] as const;

/** Whether `endpoint`'s host is one of `hosts` (or a subdomain of one). */
export function pushServiceAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** A push service's address for one device (the browser's PushSubscription.endpoint): https only. */
export const PushEndpointSchema = z
  .string()
  .trim()
  .max(2000, 'The push address is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'));
    } catch {
      return false;
    }
  }, 'The push address must be an https address');

/** The browser's keys for a subscription (base64url): the P-256 public key and the 16-byte auth secret. */
export const PushKeysSchema = z.object({
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'The device key is not a P-256 public key'),
  auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'The device secret is not a push auth secret'),
});
export type PushKeys = z.infer<typeof PushKeysSchema>;

/** One device of one member that takes push notifications, and the kinds it takes. */
export const PushSubscriptionSchema = z.object({
  /** The SHA-256 of the endpoint (hex): one subscription per device, whoever signs in on it. */
  id: z.string().min(1).max(100),
  memberId: z.string().min(1),
  endpoint: PushEndpointSchema,
  keys: PushKeysSchema,
  /** The member's own name for the device ("Anne's phone"), or what the browser says it is. */
  deviceLabel: z.string().max(100),
  kinds: z.array(PushKindSchema),
  /** The hash of the member session that subscribed it: signing that session out removes it. */
  sessionHash: z.string().max(100).nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

/**
 * What a push carries to the device (docs/notifications.md, "What a payload may carry"): a title,
 * a short text and the page of this site to open; the member's own business only, never another
 * person's name, e-mail or phone.
 */
export const PushNotificationSchema = z.object({
  kind: PushKindSchema,
  title: z.string().min(1).max(80),
  text: z.string().max(200),
  /** A path of this site ("/events/summer-regatta"), opened when the notification is tapped. */
  url: z.string().regex(/^\/(?!\/)[^\s]*$/, 'A notification opens a page of this site'),
});
export type PushNotification = z.infer<typeof PushNotificationSchema>;

/** queued: to be sent (or retried); sent: the push service took it; failed: given up after a day; gone: the device unsubscribed. */
export const PushDeliveryStatusSchema = z.enum(['queued', 'sent', 'failed', 'gone']);

/** One notification to one device in the push outbox, with what happened to it so far. */
export const PushDeliverySchema = z.object({
  /** `<notification key>.<subscription id>`: the same notification to the same device is one row. */
  id: z.string().min(1).max(400),
  subscriptionId: z.string().min(1),
  memberId: z.string().min(1),
  notification: PushNotificationSchema,
  status: PushDeliveryStatusSchema,
  createdAt: InstantSchema,
  attempts: z.number().int().min(0),
  nextAttemptAt: InstantSchema.nullable(),
  lastError: z.string().nullable(),
  sentAt: InstantSchema.nullable(),
});
export type PushDelivery = z.infer<typeof PushDeliverySchema>;

/** The payload's text as the service worker reads it: the notification and its delivery id (the notification's tag). */
export function pushPayload(delivery: Pick<PushDelivery, 'id' | 'notification'>): string {
  const { title, text, url, kind } = delivery.notification;
  return JSON.stringify({ id: delivery.id, kind, title, body: text, url });
}

/** The delivery of one notification (its stable key) to one device, due at once. */
export function newPushDelivery(key: string, subscription: Pick<PushSubscription, 'id' | 'memberId'>, notification: PushNotification, now: Date): PushDelivery {
  return {
    id: `${key}.${subscription.id}`,
    subscriptionId: subscription.id,
    memberId: subscription.memberId,
    notification,
    status: 'queued',
    createdAt: now.toISOString(),
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    lastError: null,
    sentAt: null,
  };
}

/** Once the push service took it. */
export function pushSent(delivery: PushDelivery, now: Date): PushDelivery {
  return { ...delivery, status: 'sent', nextAttemptAt: null, sentAt: now.toISOString() };
}

/** The device is no longer subscribed (the push service answered 404 or 410, or the member unsubscribed). */
export function pushGone(delivery: PushDelivery, answer: string): PushDelivery {
  return { ...delivery, status: 'gone', nextAttemptAt: null, lastError: answer.slice(0, 1000) };
}

/** After a refused try: due again after the outbox's back-off (core/shared/retries.ts), or given up a day after it was queued. */
export function pushRefused(delivery: PushDelivery, now: Date, answer: string): PushDelivery {
  const { attempts, nextAttemptAt } = afterFailedTry(delivery.attempts, delivery.createdAt, now);
  return { ...delivery, status: nextAttemptAt === null ? 'failed' : 'queued', attempts, nextAttemptAt, lastError: answer.slice(0, 1000) };
}

/** When a stored delivery is next due, in ms: its next try while queued, never otherwise. */
export function pushDueAtMs(delivery: PushDelivery): number | null {
  return delivery.status === 'queued' && delivery.nextAttemptAt !== null ? Date.parse(delivery.nextAttemptAt) : null;
}
