import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, LOGIN_WINDOW_MS, MAX_FAILED_LOGINS, SESSION_MAX_AGE_MS, isLockedOut, validateLoginForm } from '../../../core/domain/login';

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
    expect(validateLoginForm({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
    expect(validateLoginForm({ email: '  ', password: 'x' })).toEqual({ ok: false, errors: { email: 'Email is required' } });
    expect(validateLoginForm({ email: ' a@b.org ', password: ' secret ' })).toEqual({
      ok: true,
      value: { email: 'a@b.org', password: ' secret ' },
    });
  });

  it('any non-blank e-mail and non-empty password pass, e-mail trimmed and password untouched', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => s.trim() !== ''), fc.string({ minLength: 1 }), (email, password) => {
        expect(validateLoginForm({ email, password })).toEqual({ ok: true, value: { email: email.trim(), password } });
      }),
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
});
