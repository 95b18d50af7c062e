import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacSignInKeys } from '../../../../adapters/node-crypto/hmac-sign-in-keys';

const keys = new HmacSignInKeys('a-server-secret-of-at-least-32-characters');
const other = new HmacSignInKeys('another-server-secret-of-32-characters!');
const anEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/), fc.constantFrom('example.org', 'club.example'))
  .map(([local, domain]) => `${local}@${domain}`);
const seed = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 43, maxLength: 43 });

describe('HmacSignInKeys (SignInKeys)', () => {
  it("gives an e-mail one key whatever its case or spaces, 64 hex characters, not its plain SHA-256, and another secret's key differs", () => {
    fc.assert(
      fc.property(anEmail, (email) => {
        const key = keys.emailKey(email);
        expect(key).toMatch(/^[0-9a-f]{64}$/);
        expect(keys.emailKey(` ${email.toUpperCase()} `)).toBe(key);
        expect(key).not.toBe(createHash('sha256').update(email).digest('hex'));
        expect(other.emailKey(email)).not.toBe(key);
      }),
    );
  });

  it('gives different e-mails different keys', () => {
    fc.assert(
      fc.property(anEmail, anEmail, (a, b) => {
        if (a !== b) expect(keys.emailKey(a)).not.toBe(keys.emailKey(b));
      }),
    );
  });

  it('makes the same six digits from the same seed, and codes spread over all values across seeds', () => {
    fc.assert(
      fc.property(seed, (s) => {
        expect(keys.code(s)).toMatch(/^\d{6}$/);
        expect(keys.code(s)).toBe(keys.code(s));
      }),
    );
    const codes = new Set(Array.from({ length: 2000 }, (_, i) => keys.code(`seed-${i}`)));
    expect(codes.size).toBeGreaterThan(1990);
  });

  it('refuses a short secret', () => {
    expect(() => new HmacSignInKeys('short')).toThrow();
  });
});
