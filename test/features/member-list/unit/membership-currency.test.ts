import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMembershipCurrent, memberEmailKey } from '../../../../core/members/member';

/** A London calendar date, YYYY-MM-DD, between 1990 and 2100. */
const aDate = fc
  .date({ min: new Date('1990-01-01T00:00:00.000Z'), max: new Date('2100-12-31T00:00:00.000Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

describe('membership currency', () => {
  it('is current on every day up to and including the renewal date, and on no day after it', () => {
    fc.assert(
      fc.property(aDate, aDate, (renewalDate, today) => {
        const current = isMembershipCurrent({ renewalDate, disabled: false }, today);
        expect(current).toBe(Date.parse(today) <= Date.parse(renewalDate));
      }),
    );
  });

  it('is current on the renewal date itself and lapsed the day after', () => {
    fc.assert(
      fc.property(aDate, (renewalDate) => {
        expect(isMembershipCurrent({ renewalDate, disabled: false }, renewalDate)).toBe(true);
        expect(isMembershipCurrent({ renewalDate, disabled: false }, dayAfter(renewalDate))).toBe(false);
      }),
    );
  });

  it('is never current for a disabled member, whatever the dates', () => {
    fc.assert(
      fc.property(aDate, aDate, (renewalDate, today) => {
        expect(isMembershipCurrent({ renewalDate, disabled: true }, today)).toBe(false);
      }),
    );
  });

  it('keys e-mails so that letter case and surrounding spaces never make two members', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.boolean(), (email, upper) => {
        const variant = ` ${upper ? email.toUpperCase() : email} `;
        expect(memberEmailKey(variant)).toBe(memberEmailKey(email));
        expect(memberEmailKey(email)).toBe(memberEmailKey(email).toLowerCase());
      }),
    );
  });
});
