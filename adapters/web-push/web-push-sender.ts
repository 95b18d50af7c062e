import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type webPushLibrary from 'web-push';
import type { PushSendResult, PushSender } from '../../core/push/push-sender.port';
import type { PushSubscription } from '../../core/push/push';

/** The server's VAPID key pair (base64url) and whom a push service may write to about it (mailto: or https:). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

// web-push (and its ASN.1 and JWS packages) loads with the first push or key pair made, not at
// start: a server whose members never subscribe needs none of it (docs/performance.md, memory;
// ADR 0078). It is a CommonJS package, so the key pair, asked for synchronously, can require it.
let library: typeof webPushLibrary | null = null;
function webPush(): typeof webPushLibrary {
  library ??= createRequire(import.meta.url)('web-push') as typeof webPushLibrary;
  return library;
}

/** A new VAPID key pair (P-256), made once and kept with the other secrets (server/push-keys.ts). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush().generateVAPIDKeys();
}

/** How long a push service keeps a message for a device that is offline: a day, like the outbox's tries. */
const TTL_SECONDS = 24 * 3600;

/**
 * The push service's topic for a delivery: at most 32 URL-safe base64 characters (RFC 8030), the
 * same for every try of it, so a service still holding the first try replaces it with the second.
 */
export function pushTopic(deliveryId: string): string {
  return createHash('sha256').update(deliveryId).digest('base64url').slice(0, 32);
}

/**
 * Web Push through the `web-push` library (docs/notifications.md#delivery): it signs the request
 * with the VAPID key (RFC 8292) and encrypts the payload for the device (RFC 8291, aes128gcm);
 * this adapter posts it and reads the answer. Posting with fetch keeps the library's HTTPS-only
 * client out, so the tests' local push service may be plain HTTP on 127.0.0.1.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(
    private readonly vapid: VapidKeys,
    private readonly timeoutMs = 30_000,
  ) {
    this.publicKey = vapid.publicKey;
  }

  async send(subscription: Pick<PushSubscription, 'endpoint' | 'keys'>, payload: string, topic: string): Promise<PushSendResult> {
    let request;
    try {
      request = webPush().generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
        vapidDetails: this.vapid,
        TTL: TTL_SECONDS,
        topic: pushTopic(topic),
        urgency: 'normal',
      });
    } catch (error) {
      // Keys the library cannot use: the device's subscription is broken, not the service.
      return { outcome: 'gone', answer: `Bad subscription: ${error instanceof Error ? error.message : String(error)}` };
    }
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = (await answer.text().catch(() => '')).slice(0, 300);
      if (answer.ok) return { outcome: 'sent' };
      const said = `${answer.status} ${answer.statusText}${text ? `: ${text}` : ''}`;
      if (answer.status === 404 || answer.status === 410) return { outcome: 'gone', answer: said };
      return { outcome: 'retry', answer: said };
    } catch (error) {
      return { outcome: 'retry', answer: `Could not reach the push service: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
}

/** Push switched off (no keys): no VAPID key to offer, and nothing is ever sent. */
export class PushOff implements PushSender {
  readonly publicKey = null;

  async send(): Promise<PushSendResult> {
    return { outcome: 'retry', answer: 'Push notifications are not set up on this server' };
  }
}
