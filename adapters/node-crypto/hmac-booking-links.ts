import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BookingLinks } from '../../core/bookings/booking-links.port';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const MAX_TOKEN_LENGTH = 600;

/**
 * Booking links signed with HMAC-SHA256 under a server secret (kept beside the payment secrets):
 * `<booking id, base64url>.<expiry in ms, base36>.<signature, base64url>`. The id is the booking's
 * random id: the token holds nothing personal.
 */
export class HmacBookingLinks implements BookingLinks {
  /**
   * `purpose` is signed with every token, so a token made for one purpose (a booking's manage
   * link) is refused by a signer of another (a waiting list's leave link) under the same secret.
   */
  constructor(
    private readonly secret: string,
    private readonly purpose = 'booking-link',
  ) {
    if (secret.length < 32) throw new Error('The manage-link secret must be at least 32 characters');
  }

  private signature(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`${this.purpose}:${payload}`).digest();
  }

  issue(bookingId: string, expiresAt: Date): string {
    const payload = `${b64(bookingId)}.${expiresAt.getTime().toString(36)}`;
    return `${payload}.${this.signature(payload).toString('base64url')}`;
  }

  read(token: string, now: Date): string | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return null;
    const [id, expiry, signature] = parts;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(`${id}.${expiry}`);
    // Canonical base64url only: another spelling of the same bytes is an altered token.
    if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return null;
    const expiresAtMs = parseInt(expiry, 36);
    if (!Number.isSafeInteger(expiresAtMs) || now.getTime() >= expiresAtMs) return null;
    const bookingId = Buffer.from(id, 'base64url').toString('utf8');
    return b64(bookingId) === id && bookingId !== '' ? bookingId : null;
  }
}
