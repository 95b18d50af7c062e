import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacPseudonyms } from '../../../../adapters/node-crypto/hmac-pseudonyms';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('HmacPseudonyms', () => {
  it('gives one person the same pseudonym whatever the case or spaces of their e-mail', () => {
    const pseudonyms = new HmacPseudonyms(secret);
    expect(pseudonyms.of('  Alex@Example.org ')).toBe(pseudonyms.of('alex@example.org'));
    expect(pseudonyms.of('alex@example.org')).toMatch(/^Person [0-9a-f]{12}$/);
  });

  it('never holds the e-mail, and differs between people and between secrets', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.emailAddress(), (a, b) => {
        const pseudonyms = new HmacPseudonyms(secret);
        expect(pseudonyms.of(a)).toMatch(/^Person [0-9a-f]{12}$/);
        if (a.toLowerCase() !== b.toLowerCase()) expect(pseudonyms.of(a)).not.toBe(pseudonyms.of(b));
        expect(new HmacPseudonyms(`${secret}-other`).of(a)).not.toBe(pseudonyms.of(a));
      }),
    );
  });

  it('refuses a short secret', () => {
    expect(() => new HmacPseudonyms('short')).toThrow(/at least 32/);
  });
});
