import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CryptoSecretTokens } from '../../../../adapters/node-crypto/crypto-secret-tokens';
import {
  codeHashInput,
  codeRequestAllowed,
  codeRequestKeys,
  MAX_CODE_REQUESTS_PER_ADDRESS,
  MAX_CODE_REQUESTS_PER_EMAIL_AND_ADDRESS,
  MAX_FAILED_CODES_PER_DAY,
  MAX_WRONG_CODES_PER_EMAIL_AND_ADDRESS,
  codeStillLive,
  codeTryAllowed,
  failedCodeCapReached,
  wrongCodeKeys,
  SignInCodeCheckSchema,
  signInLink,
  sixDigitCode,
} from '../../../../core/member-sign-in/member-sign-in';

const base64url = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 43, maxLength: 43 });
/** An address the e-mail rule takes, in mixed case. */
const anEmail = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,15}$/).filter((local) => !local.includes('..') && !/[.]$/.test(local)),
    fc.constantFrom('example.org', 'Club.Example', 'mail.co.uk'),
  )
  .map(([local, domain]) => `${local}@${domain}`);
const history = (count: number) => ({ count, lastAt: null });

describe('sign-in codes', () => {
  it('are always six digits, whatever random secret they come from', () => {
    fc.assert(
      fc.property(base64url, (secret) => {
        expect(sixDigitCode(secret)).toMatch(/^\d{6}$/);
      }),
    );
  });

  it('take every value: the 48 bits read give codes spread over all six-digit numbers', () => {
    const tokens = new CryptoSecretTokens();
    const firstDigits = new Set<string>();
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const code = sixDigitCode(tokens.generate());
      firstDigits.add(code[0]);
      codes.add(code);
    }
    expect(firstDigits.size).toBe(10);
    // 2000 draws from a million values: a repeat or two at most, unless the codes are not random.
    expect(codes.size).toBeGreaterThan(1990);
  });

  it('refuses a secret that is not base64url rather than make a weak code', () => {
    expect(() => sixDigitCode('!!!!!!!!')).toThrow();
  });

  it("hash one e-mail's code apart from another's, whatever the case", () => {
    fc.assert(
      fc.property(anEmail, anEmail, fc.stringMatching(/^\d{6}$/), (a, b, code) => {
        expect(codeHashInput(a.toUpperCase(), code)).toBe(codeHashInput(a, code));
        if (a.toLowerCase() !== b.toLowerCase()) expect(codeHashInput(a, code)).not.toBe(codeHashInput(b, code));
      }),
    );
  });

  it("accept the code typed with spaces, and refuse anything but six digits with the code field's message", () => {
    fc.assert(
      fc.property(anEmail, fc.stringMatching(/^\d{6}$/), fc.string({ maxLength: 12 }), (email, code, other) => {
        const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
        expect(SignInCodeCheckSchema.parse({ email, code: spaced }).code).toBe(code);
        const checked = SignInCodeCheckSchema.safeParse({ email, code: other });
        expect(checked.success).toBe(/^\d{6}$/.test(other.replace(/\s+/g, '')));
      }),
    );
  });

  it('put the e-mail and the code after # in the link, where the page finds them again', () => {
    fc.assert(
      fc.property(anEmail, fc.stringMatching(/^\d{6}$/), (email, code) => {
        const link = new URL(signInLink('https://members.example.org', email, code));
        expect(link.pathname).toBe('/sign-in');
        expect(link.search).toBe('');
        const fragment = new URLSearchParams(link.hash.slice(1));
        expect(fragment.get('email')).toBe(email.toLowerCase());
        expect(fragment.get('code')).toBe(code);
      }),
    );
  });
});

describe('code request and check limits', () => {
  it('allow a request exactly while the address, and the e-mail from that address, are under their limits', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), (address, pair) => {
        expect(codeRequestAllowed({ address: history(address), pair: history(pair) })).toBe(
          address < MAX_CODE_REQUESTS_PER_ADDRESS && pair < MAX_CODE_REQUESTS_PER_EMAIL_AND_ADDRESS,
        );
      }),
    );
  });

  it('allow a code check while the address has fewer than 5 wrong codes for the e-mail, and refuse at the daily cap of 100', () => {
    fc.assert(
      fc.property(fc.nat(300), (count) => {
        expect(codeTryAllowed(history(count))).toBe(count < MAX_WRONG_CODES_PER_EMAIL_AND_ADDRESS);
        expect(failedCodeCapReached(count)).toBe(count >= MAX_FAILED_CODES_PER_DAY);
      }),
    );
    expect(MAX_FAILED_CODES_PER_DAY).toBeLessThanOrEqual(100);
  });

  it("key by the e-mail's keyed hash, never the e-mail, apart from the admin sign-in and reset keys; no e-mail key alone limits requests", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), fc.ipV4(), (emailKey, ip) => {
        const request = codeRequestKeys(emailKey, ip);
        expect(request).toEqual({ address: `member-code-ip:${ip}`, pair: `member-code-pair:${emailKey}|${ip}` });
        const wrong = wrongCodeKeys(emailKey, ip);
        expect(wrong).toEqual({ pair: `member-code-wrong:${emailKey}|${ip}`, account: `member-code-failed:${emailKey}` });
      }),
    );
  });

  it('e-mail a stored code again only while it has a seed, is unused, unexpired and has tries left', () => {
    const now = new Date('2026-06-01T09:05:00.000Z');
    const code = { seed: 's', usedAt: null, expiresAt: '2026-06-01T09:10:00.000Z', tries: 0 };
    expect(codeStillLive(code, now)).toBe(true);
    expect(codeStillLive({ ...code, seed: null }, now)).toBe(false);
    expect(codeStillLive({ ...code, usedAt: '2026-06-01T09:01:00.000Z' }, now)).toBe(false);
    expect(codeStillLive({ ...code, expiresAt: now.toISOString() }, now)).toBe(false);
    expect(codeStillLive({ ...code, tries: MAX_FAILED_CODES_PER_DAY }, now)).toBe(false);
  });
});
