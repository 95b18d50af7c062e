import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES, ChangePasswordRequestSchema, changePasswordFormErrors } from '../../../../core/admin-accounts/change-password-schema';
import { ADMIN_MESSAGES, CreateAdminRequestSchema, MIN_PASSWORD_LENGTH } from '../../../../core/admin-accounts/create-admin';
import { PasswordResetConfirmSchema } from '../../../../core/admin-accounts/password-reset-schema';
import { inputErrors } from '../../../../core/shared/parse-input';

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '        ', 'abcdefg', 'abcdefgh'),
);

/** The rule, said plainly. */
function expected(current: string, next: string, repeat: string) {
  const errors: Record<string, string> = {};
  if (current.length === 0) errors.currentPassword = CHANGE_PASSWORD_MESSAGES.currentRequired;
  // Counted as zod counts a string's length (by code points).
  if ([...next].length < MIN_PASSWORD_LENGTH) errors.newPassword = ADMIN_MESSAGES.passwordTooShort;
  else if (current.length > 0 && next === current) errors.newPassword = CHANGE_PASSWORD_MESSAGES.sameAsCurrent;
  if (errors.newPassword === undefined && repeat !== next) errors.repeat = CHANGE_PASSWORD_MESSAGES.mismatch;
  return errors;
}

describe('the change-password rule', () => {
  it('asks for the current password, a new one of at least 8 characters that is not the current one, typed the same twice', () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), text, (current, next, same, other) => {
        const repeat = same ? next : other;
        expect(changePasswordFormErrors({ currentPassword: current, newPassword: next, repeat })).toEqual(expected(current, next, repeat));
      }),
    );
  });

  it('the browser form and the server agree on everything but the repeat, which only the browser asks for', () => {
    fc.assert(
      fc.property(text, text, (current, next) => {
        const server = inputErrors(ChangePasswordRequestSchema, { currentPassword: current, newPassword: next });
        const { repeat: _repeat, ...browser } = changePasswordFormErrors({ currentPassword: current, newPassword: next, repeat: next });
        expect(browser).toEqual(server);
      }),
    );
  });

  it('takes a new password exactly when the reset link and a new admin would (the same rule), unless it is the current one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1100 }), fc.string({ minLength: 1, maxLength: 30 }), (next, current) => {
        const asReset = PasswordResetConfirmSchema.shape.password.safeParse(next).success;
        expect(CreateAdminRequestSchema.shape.password.safeParse(next).success).toBe(asReset);
        const asChange = ChangePasswordRequestSchema.safeParse({ currentPassword: current, newPassword: next }).success;
        expect(asChange).toBe(asReset && next !== current);
      }),
    );
  });

  it('takes the passwords exactly as typed: spaces count, nothing is trimmed', () => {
    const parsed = ChangePasswordRequestSchema.parse({ currentPassword: ' old one ', newPassword: '  new one  ' });
    expect(parsed).toEqual({ currentPassword: ' old one ', newPassword: '  new one  ' });
    expect(changePasswordFormErrors({ currentPassword: 'same password', newPassword: 'same password ', repeat: 'same password ' })).toEqual({});
  });
});
