import type { PushSubscription } from './push';

/** What the push service answered: taken; the subscription is gone (404/410); or try again later, with its answer. */
export type PushSendResult = { outcome: 'sent' } | { outcome: 'gone'; answer: string } | { outcome: 'retry'; answer: string };

/** Sends one push message to one device's push service (Web Push: VAPID, RFC 8291 encryption). */
export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with, or null when push is off. */
  readonly publicKey: string | null;
  /**
   * Encrypts `payload` for the subscription's keys and posts it to its endpoint, under `topic` (the
   * same for every try of one delivery, so a push service holds one of them): 'sent' on 2xx,
   * 'gone' on 404 or 410, 'retry' on any other answer or a network failure. Never throws.
   */
  send(subscription: Pick<PushSubscription, 'endpoint' | 'keys'>, payload: string, topic: string): Promise<PushSendResult>;
}
