import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_DELAY_CAP_MS,
  LOGIN_MESSAGES,
  LOGIN_WINDOW_MS,
  MAX_FAILED_LOGINS,
  SESSION_MAX_AGE_MS,
  emailDelayMs,
  isLockedOut,
  loginAttemptAllowed,
  validateLoginForm,
} from '../../../../core/admins/login';

describe('login', () => {
  it('keeps the spec messages word for word', () => {
    expect(LOGIN_MESSAGES).toMatchObject({
      invalid: 'Invalid email or password',
      tooMany: 'Too many failed login attempts. Please try again later.',
      noAdmin: 'Access denied. You do not have admin privileges.',
      other: 'Login failed. Please try again.',
    });
  });

  it('needs both an e-mail and a password', () => {
    expect(validateLoginForm({ email: '', password: '' })).toEqual({ ok: false, errors: { email: 'Email is required', password: 'Password is required' } });
    expect(validateLoginForm({ email: '  ', password: 'x' })).toEqual({ ok: false, errors: { email: 'Email is required' } });
    expect(validateLoginForm({ email: ' a@b.org ', password: ' secret ' })).toEqual({ ok: true, value: { email: 'a@b.org', password: ' secret ' } });
  });

  it('any non-blank e-mail and non-empty password pass, e-mail trimmed and password untouched', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== ''),
        fc.string({ minLength: 1 }),
        (email, password) => {
          expect(validateLoginForm({ email, password })).toEqual({ ok: true, value: { email: email.trim(), password } });
        },
      ),
    );
  });

  it('locks out after 5 failures in 15 minutes, for 8-hour sessions', () => {
    expect(MAX_FAILED_LOGINS).toBe(5);
    expect(LOGIN_WINDOW_MS).toBe(900_000);
    expect(SESSION_MAX_AGE_MS).toBe(28_800_000);
    fc.assert(
      fc.property(fc.nat({ max: 100 }), (n) => {
        expect(isLockedOut(n)).toBe(n >= 5);
      }),
    );
  });

  it('makes an e-mail wait after its fifth failure: 1 s, doubling, never above the 30 s cap', () => {
    expect(EMAIL_DELAY_CAP_MS).toBe(30_000);
    expect([0, 5, 6, 7, 8, 10, 11, 12, 1000].map(emailDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 16_000, 30_000, 30_000, 30_000]);
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), (n) => {
        const delay = emailDelayMs(n);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(EMAIL_DELAY_CAP_MS);
        expect(emailDelayMs(n + 1)).toBeGreaterThanOrEqual(delay);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an address with 5 failures; makes an address that failed for an e-mail wait after its own latest failure', () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 5, 1) + ms);
    fc.assert(
      fc.property(
        fc.nat({ max: 30 }),
        fc.nat({ max: 30 }),
        fc.option(fc.nat({ max: 60_000 })),
        fc.nat({ max: 60_000 }),
        (addressFailures, emailFailures, pairFailedAt, now) => {
          const allowed = loginAttemptAllowed(
            {
              address: { count: addressFailures, lastAt: addressFailures > 0 ? at(0) : null },
              email: { count: emailFailures, lastAt: emailFailures > 0 ? at(now) : null },
              pair: pairFailedAt === null ? { count: 0, lastAt: null } : { count: 1, lastAt: at(pairFailedAt) },
            },
            at(Math.max(now, pairFailedAt ?? 0)),
          );
          const since = pairFailedAt === null ? Infinity : Math.max(now, pairFailedAt) - pairFailedAt;
          expect(allowed).toBe(addressFailures < MAX_FAILED_LOGINS && since >= emailDelayMs(emailFailures));
          // An address that has not failed for the e-mail is never kept waiting by others' failures,
          // however many and however recent: guessers elsewhere cannot keep an admin out.
          if (addressFailures < MAX_FAILED_LOGINS && pairFailedAt === null) expect(allowed).toBe(true);
          // Its own failures never block it for longer than the cap.
          if (addressFailures < MAX_FAILED_LOGINS && since >= EMAIL_DELAY_CAP_MS) expect(allowed).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
