import { createECDH, createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createRequire } from 'node:module';
import type webPushLibrary from 'web-push';
import type { PushSendResult, PushSender } from '../../core/push/push-sender.port';
import type { PushSubscription } from '../../core/push/push';
import { onFirstUse } from '../first-use';

// node:http by getBuiltinModule: an ES import of it loads undici at start (ADR 0078).
const { request: httpRequest } = process.getBuiltinModule('node:http');

/** The server's VAPID key pair (base64url) and whom a push service may write to about it (mailto: or https:). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

// web-push (and its ASN.1 and JWS packages) loads with the first push, not at start: a server
// whose members never subscribe needs none of it (docs/performance.md, memory; ADR 0078).
const webPush = onFirstUse(() => createRequire(import.meta.url)('web-push') as typeof webPushLibrary);

/**
 * A new VAPID key pair (P-256), made once and kept with the other secrets (server/push-keys.ts):
 * the public key as an uncompressed point (65 bytes), the private key's 32 bytes, both base64url,
 * as web-push's own `generateVAPIDKeys` makes them. Made with node:crypto, so that a first start
 * does not load web-push for it.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const publicKey = curve.getPublicKey(null, 'uncompressed');
  const privateKey = curve.getPrivateKey();
  // A private key with leading zero bytes comes back shorter: pad it to the curve's 32 bytes.
  const padded = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]);
  return { publicKey: publicKey.toString('base64url'), privateKey: padded.toString('base64url') };
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

/** How much of a push service's answer is kept, for the delivery's last error. */
const ANSWER_CHARS = 300;

/**
 * Posts a push request with node:http or node:https (by the endpoint's scheme; their global agents
 * keep connections alive) and reads the start of the answer. Not fetch: its first use loads
 * undici, and a fan-out to 1,000 devices through it took about 45 MB more of the server's peak
 * memory than through node:http(s) (ADR 0078). Rejects when the service cannot be reached or has
 * not answered in full within `timeoutMs`.
 */
function post(
  endpoint: string,
  method: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
  timeoutMs: number,
): Promise<{ status: number; statusText: string; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Push endpoints are https: addresses, not ${url.protocol}`);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method, headers }, (answer: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      answer.on('data', (chunk: Buffer) => {
        if (kept >= ANSWER_CHARS * 4) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      answer.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: answer.statusCode ?? 0,
          statusText: answer.statusMessage ?? '',
          text: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_CHARS),
        });
      });
      answer.on('error', fail);
    });
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end(body ?? undefined);
  });
}

/**
 * Web Push through the `web-push` library (docs/notifications.md#delivery): it signs the request
 * with the VAPID key (RFC 8292) and encrypts the payload for the device (RFC 8291, aes128gcm);
 * this adapter posts it and reads the answer. Posting itself (post above) keeps the library's
 * HTTPS-only client out, so the tests' local push service may be plain HTTP on 127.0.0.1.
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
      const answer = await post(
        request.endpoint,
        request.method,
        request.headers as Record<string, string | number>,
        request.body as Buffer | null,
        this.timeoutMs,
      );
      const text = answer.text;
      if (answer.status >= 200 && answer.status < 300) return { outcome: 'sent' };
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
