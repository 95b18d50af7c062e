import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_RESETS_PER_ADDRESS,
  MAX_RESETS_PER_EMAIL,
  newResetToken,
  RESET_MESSAGES,
  RESET_TOKEN_TTL_MS,
  resetPasswordPath,
  resetRequestAllowed,
  resetRequestKeys,
  resetTokenRefusal,
  resetTokenStatus,
} from '../../../../core/admins/password-reset';
import { passwordResetMail } from '../../../../core/admin-accounts/password-reset-mail';

const START = Date.parse('2026-06-01T09:00:00.000Z');
const instant = fc.integer({ min: START - 365 * 86_400_000, max: START + 365 * 86_400_000 }).map((ms) => new Date(ms));

describe('the reset-token rule', () => {
  it('a new token expires exactly one hour after it was asked for, unused', () => {
    fc.assert(
      fc.property(instant, fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }), (now, hash) => {
        const token = newResetToken(hash, 'uid-1', now);
        expect(token).toEqual({
          tokenHash: hash,
          uid: 'uid-1',
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
          usedAt: null,
        });
        expect(RESET_TOKEN_TTL_MS).toBe(60 * 60 * 1000);
      }),
    );
  });

  it('is valid before its hour is over and expired from the last instant of it on', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 3 * RESET_TOKEN_TTL_MS }), (issued, later) => {
        const token = newResetToken('h', 'uid-1', issued);
        const status = resetTokenStatus(token, new Date(issued.getTime() + later));
        expect(status).toBe(later < RESET_TOKEN_TTL_MS ? 'valid' : 'expired');
      }),
    );
  });

  it('a used token is refused as used at any time, even within its hour', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 3 * RESET_TOKEN_TTL_MS }), fc.integer({ min: 0, max: RESET_TOKEN_TTL_MS }), (issued, later, usedAfter) => {
        const token = { ...newResetToken('h', 'uid-1', issued), usedAt: new Date(issued.getTime() + usedAfter).toISOString() };
        expect(resetTokenStatus(token, new Date(issued.getTime() + later))).toBe('used');
      }),
    );
  });

  it('no stored token (never issued, or the link was altered) is unknown', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(resetTokenStatus(null, now)).toBe('unknown');
      }),
    );
  });

  it('says which refusal it is in words an admin can act on', () => {
    expect(resetTokenRefusal('used')).toBe(RESET_MESSAGES.used);
    expect(resetTokenRefusal('expired')).toBe(RESET_MESSAGES.expired);
    expect(resetTokenRefusal('unknown')).toBe(RESET_MESSAGES.invalid);
    expect(new Set([RESET_MESSAGES.used, RESET_MESSAGES.expired, RESET_MESSAGES.invalid]).size).toBe(3);
  });
});

describe('the reset-request limit', () => {
  const history = (count: number) => ({ count, lastAt: count > 0 ? new Date(START) : null });

  it(`lets ${MAX_RESETS_PER_EMAIL} requests per e-mail and ${MAX_RESETS_PER_ADDRESS} per address through, then none`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), (address, email) => {
        expect(resetRequestAllowed({ address: history(address), email: history(email) })).toBe(
          address < MAX_RESETS_PER_ADDRESS && email < MAX_RESETS_PER_EMAIL,
        );
      }),
    );
  });

  it('keys the e-mail in any case, apart from the sign-in limit', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.ipV4(), (email, ip) => {
        const keys = resetRequestKeys(email.toUpperCase(), ip);
        expect(keys).toEqual(resetRequestKeys(email.toLowerCase(), ip));
        expect(keys.email.startsWith('reset-email:')).toBe(true);
        expect(keys.address).toBe(`reset-ip:${ip}`);
      }),
    );
  });
});

describe('the reset e-mail', () => {
  it('carries the link in both parts, the HTML escaped', () => {
    const url = `https://members.example${resetPasswordPath('abc_DEF-123')}`;
    const mail = passwordResetMail('pat@club.example', { clubName: 'Kestrel <YC>', resetUrl: url });
    expect(mail.to).toBe('pat@club.example');
    expect(mail.subject).toBe('Reset your Kestrel <YC> admin password');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('within one hour');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('Kestrel &lt;YC&gt;');
    expect(mail.html).not.toContain('<YC>');
    expect(mail.attachments).toEqual([]);
    expect(resetPasswordPath('a+b/c')).toBe('/admin/reset-password?token=a%2Bb%2Fc');
  });
});
