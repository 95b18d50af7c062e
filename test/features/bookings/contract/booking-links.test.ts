import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacBookingLinks } from '../../../../adapters/node-crypto/hmac-booking-links';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const LATER = new Date('2026-09-01T00:00:00.000Z');
const links = new HmacBookingLinks('a-server-secret-of-at-least-32-characters');
const bookingId = fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' });

describe('HmacBookingLinks: signed manage-my-booking tokens', () => {
  it('gives back the booking a token names until it expires, and nothing from then on', () => {
    fc.assert(
      fc.property(bookingId, fc.integer({ min: 1, max: 10 ** 10 }), (id, validForMs) => {
        const expiresAt = new Date(NOW.getTime() + validForMs);
        const token = links.issue(id, expiresAt);
        expect(token).toMatch(/^[A-Za-z0-9_-]+\.[a-z0-9]+\.[A-Za-z0-9_-]+$/);
        expect(links.read(token, NOW)).toBe(id);
        expect(links.read(token, new Date(expiresAt.getTime() - 1))).toBe(id);
        expect(links.read(token, expiresAt)).toBeNull();
      }),
    );
  });

  it('refuses any token changed in one character, cut short or lengthened', () => {
    fc.assert(
      fc.property(bookingId, fc.nat(), fc.constantFrom(...'ABCabc019_-.x'), (id, at, replacement) => {
        const token = links.issue(id, LATER);
        const i = at % token.length;
        const altered = token.slice(0, i) + replacement + token.slice(i + 1);
        if (altered !== token) expect(links.read(altered, NOW)).toBeNull();
        expect(links.read(token.slice(0, i), NOW)).toBeNull();
        expect(links.read(`${token}${replacement}`, NOW)).toBeNull();
      }),
    );
  });

  it("refuses a token signed with another server's secret, one moved to another booking, or a stretched expiry", () => {
    const other = new HmacBookingLinks('another-server-secret-of-32-characters!');
    const token = links.issue('booking-1', LATER);
    expect(other.read(token, NOW)).toBeNull();
    const [, expiry, signature] = token.split('.');
    expect(links.read(`${Buffer.from('booking-2').toString('base64url')}.${expiry}.${signature}`, NOW)).toBeNull();
    const [id] = token.split('.');
    expect(links.read(`${id}.${(LATER.getTime() * 2).toString(36)}.${signature}`, NOW)).toBeNull();
  });

  it('reads any text without throwing, and finds no booking in it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 700 }), (text) => {
        expect(links.read(text, NOW)).toBeNull();
      }),
    );
    expect(() => new HmacBookingLinks('short')).toThrow(/at least 32/);
  });
});
