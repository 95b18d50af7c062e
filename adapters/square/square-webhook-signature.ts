import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header in which Square sends a webhook's signature. */
export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

/**
 * Square's webhook signature: HMAC-SHA256 with the subscription's signature key over the
 * notification URL followed by the raw body, base64-encoded. The URL is part of it so that a
 * notification captured for one endpoint cannot be replayed against another.
 */
export function squareWebhookSignature(notificationUrl: string, rawBody: Buffer | string, signatureKey: string): string {
  return createHmac('sha256', signatureKey).update(notificationUrl).update(rawBody).digest('base64');
}

/** True only when the header holds the signature of exactly this URL and body. Constant-time. */
export function hasValidSquareSignature(notificationUrl: string, rawBody: Buffer | string, signatureHeader: string | undefined, signatureKey: string): boolean {
  if (!signatureHeader || !signatureKey) return false;
  const expected = Buffer.from(squareWebhookSignature(notificationUrl, rawBody, signatureKey));
  const given = Buffer.from(signatureHeader.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A header's value whatever the case of its name (Node lowercases them; tests may not). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
