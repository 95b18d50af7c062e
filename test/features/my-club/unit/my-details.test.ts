import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeHashInput, SignInCodeCheckSchema } from '../../../../core/member-sign-in/member-sign-in';
import { validateMemberForm } from '../../../../core/members/member-form';
import { LIFE_RENEWAL_DATE } from '../../../../core/membership/membership-category';
import {
  EMAIL_CHANGE_MESSAGES,
  EmailChangeConfirmSchema,
  emailChangeCodeHashInput,
  emailChangeCodeKeyInput,
  EmailChangeRequestSchema,
  lapsedSince,
  myDetailsView,
  myMembershipStatus,
  validateMyDetailsForm,
} from '../../../../core/my-club/my-details';
import { inputErrors } from '../../../../core/shared/parse-input';
import { aMember } from '../../../support/entities';

const londonDate = fc
  .date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T00:00:00.000Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** Phone-like and odd text: digits, spaces, + ( ) - . and letters, of any length up to 60. */
const typed = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789 +()-.x'), maxLength: 60 }),
  fc.string({ maxLength: 250 }),
  fc.constantFrom('', '  ', '07700 900123', '+44 (0)1632 960001'),
);

describe('myMembershipStatus (My details)', () => {
  it('is current through the renewal date, lapsed from the day after (lapsedSince), and life for a life member on any date', () => {
    fc.assert(
      fc.property(londonDate, londonDate, (renewalDate, today) => {
        const status = myMembershipStatus({ renewalDate, disabled: false }, today);
        expect(status).toBe(today <= renewalDate ? 'current' : 'lapsed');
        if (status === 'lapsed') expect(lapsedSince(renewalDate) <= today).toBe(true);
        expect(lapsedSince(renewalDate) > renewalDate).toBe(true);
        expect(myMembershipStatus({ renewalDate: LIFE_RENEWAL_DATE, disabled: false }, today)).toBe('life');
      }),
    );
  });

  it('gives the member their own view: no renewal date for life, the day it lapsed for a lapsed one, null for details not given', () => {
    expect(myDetailsView(aMember({ renewalDate: '2026-03-31' }), '2026-06-01').membership).toEqual({
      category: aMember().membershipType,
      status: 'lapsed',
      renewalDate: '2026-03-31',
      lapsedSince: '2026-04-01',
    });
    expect(myDetailsView(aMember({ renewalDate: LIFE_RENEWAL_DATE }), '2026-06-01').membership).toMatchObject({
      status: 'life',
      renewalDate: null,
      lapsedSince: null,
    });
    expect(myDetailsView(aMember(), '2026-06-01')).toMatchObject({ phone: null, emergencyContactName: null, emergencyContactPhone: null });
  });
});

describe('validateMyDetailsForm', () => {
  it("accepts and refuses exactly as the admin's member form does for the same fields, with the same messages", () => {
    fc.assert(
      fc.property(typed, typed, typed, (phone, emergencyContactName, emergencyContactPhone) => {
        const mine = validateMyDetailsForm({ phone, emergencyContactName, emergencyContactPhone });
        const admins = validateMemberForm({
          name: 'Ann',
          email: 'ann@example.org',
          membershipType: 'Adult',
          renewalDate: '2027-03-31',
          phone,
          emergencyContactName,
          emergencyContactPhone,
        });
        if (admins.ok) {
          expect(mine).toEqual({
            ok: true,
            value: {
              phone: admins.value.phone,
              emergencyContactName: admins.value.emergencyContactName,
              emergencyContactPhone: admins.value.emergencyContactPhone,
            },
          });
          // Absent, not undefined: an empty field removes the detail.
          if (mine.ok) for (const [field, value] of Object.entries(mine.value)) expect(value, field).toBeDefined();
        } else {
          expect(mine).toEqual({ ok: false, errors: admins.errors });
        }
      }),
    );
  });
});

describe('the e-mail change code', () => {
  it('keys on what no signed-in e-mail can be, and hashes apart from any sign-in code', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.emailAddress(),
        fc.emailAddress(),
        fc.stringMatching(/^\d{6}$/),
        (memberId, newEmail, anyEmail, code) => {
          // A sign-in names an e-mail; the change's key is never one, so CheckSignInCode never reads a change code.
          expect(SignInCodeCheckSchema.safeParse({ email: emailChangeCodeKeyInput(memberId), code }).success).toBe(false);
          expect(emailChangeCodeHashInput(memberId, newEmail, code)).not.toBe(codeHashInput(anyEmail, code));
          // The same address in any case and spaces is the same code; another address is not.
          expect(emailChangeCodeHashInput(memberId, ` ${newEmail.toUpperCase()} `, code)).toBe(emailChangeCodeHashInput(memberId, newEmail, code));
        },
      ),
    );
  });

  it('asks for an e-mail and 6 digits, with plain messages', () => {
    expect(inputErrors(EmailChangeRequestSchema, { email: '  ' })).toEqual({ email: EMAIL_CHANGE_MESSAGES.emailRequired });
    expect(inputErrors(EmailChangeRequestSchema, { email: 'ann@' })).toEqual({ email: EMAIL_CHANGE_MESSAGES.emailInvalid });
    expect(inputErrors(EmailChangeConfirmSchema, { email: 'ann@example.org', code: '' })).toEqual({ code: EMAIL_CHANGE_MESSAGES.codeRequired });
    expect(inputErrors(EmailChangeConfirmSchema, { email: 'ann@example.org', code: '12a456' })).toEqual({ code: EMAIL_CHANGE_MESSAGES.codeInvalid });
    expect(EmailChangeConfirmSchema.parse({ email: ' ann@example.org ', code: '123 456' })).toEqual({ email: 'ann@example.org', code: '123456' });
  });
});
