import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  admissionRefusal,
  admittedMembers,
  APPLICATION_MESSAGES,
  applicationState,
  closingRefusal,
  isApplicationExpired,
  MAX_APPLICATION_PEOPLE,
  validateApplication,
  type ApplicationState,
  type ApplyRequest,
} from '../../../../core/membership/membership-application';
import { MemberSchema } from '../../../../core/members/member';
import { MAX_HOUSEHOLD_MEMBERS } from '../../../../core/members/household-membership';
import { addDaysToDate } from '../../../../core/shared/london-time';

// The rules of joining (docs/membership.md#joining), shared by the Join page and the server.

const FAMILY = { onlinePurchase: true, withdrawn: false, coversHousehold: true, dutiesPerSeason: 3 };
const FORM: ApplyRequest = {
  firstName: ' Ann ',
  lastName: 'Sailor',
  email: 'ann@example.org',
  phone: '07700 900123',
  emergencyContactName: '',
  emergencyContactPhone: '',
  people: [
    { firstName: 'Bob', lastName: 'Sailor', email: 'bob@example.org' },
    { firstName: 'Cat', lastName: 'Sailor', email: ' ' },
  ],
  categoryId: 'family',
  accept: true,
  dutiesPledged: 3,
};
const STATES: ApplicationState[] = ['submitted', 'paid', 'admitted', 'declined', 'expired'];

describe('the Join form', () => {
  it('accepts a household, trimmed, a person without an e-mail as a dependant', () => {
    const checked = validateApplication(FORM, FAMILY);
    expect(checked).toEqual({
      ok: true,
      value: {
        firstName: 'Ann',
        lastName: 'Sailor',
        email: 'ann@example.org',
        phone: '07700 900123',
        people: [
          { firstName: 'Bob', lastName: 'Sailor', email: 'bob@example.org' },
          { firstName: 'Cat', lastName: 'Sailor', email: null },
        ],
        dutiesPledged: 3,
      },
    });
  });

  it('keeps everyone with an e-mail in one household: the applicant and at most 7 others; more join only as dependants', () => {
    const person = (i: number, email: boolean) => ({ firstName: `P${i}`, lastName: 'Sailor', email: email ? `p${i}@example.org` : '' });
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: MAX_APPLICATION_PEOPLE }), (withEmail) => {
        const checked = validateApplication({ ...FORM, people: withEmail.map((email, i) => person(i, email)) }, FAMILY);
        const members = 1 + withEmail.filter(Boolean).length;
        if (members <= MAX_HOUSEHOLD_MEMBERS) expect(checked.ok).toBe(true);
        else expect(checked).toEqual({ ok: false, errors: { people: APPLICATION_MESSAGES.householdFull } });
      }),
    );
    expect(APPLICATION_MESSAGES.householdFull).toBe(
      'A household holds at most 8 members: give an e-mail address to at most 7 of the others (the rest join as dependants)',
    );
  });

  it('says what is wrong per field', () => {
    const checked = validateApplication(
      { ...FORM, lastName: '', email: 'x', phone: 'call me', accept: false, dutiesPledged: 2, people: [{ firstName: 'B', lastName: '', email: '' }] },
      FAMILY,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        lastName: APPLICATION_MESSAGES.lastNameRequired,
        email: APPLICATION_MESSAGES.emailInvalid,
        phone: expect.any(String),
        'people.0': APPLICATION_MESSAGES.personNameRequired,
        accept: APPLICATION_MESSAGES.acceptRequired,
        dutiesPledged: APPLICATION_MESSAGES.pledgeRequired(3),
      },
    });
    expect(validateApplication(FORM, null)).toMatchObject({ ok: false, errors: { categoryId: APPLICATION_MESSAGES.categoryRequired } });
    expect(validateApplication(FORM, { ...FAMILY, withdrawn: true })).toMatchObject({
      ok: false,
      errors: { categoryId: APPLICATION_MESSAGES.categoryNotOffered },
    });
    expect(validateApplication(FORM, { ...FAMILY, coversHousehold: false })).toMatchObject({
      ok: false,
      errors: { people: APPLICATION_MESSAGES.peopleNotHousehold },
    });
    const twice = validateApplication({ ...FORM, people: [{ firstName: 'B', lastName: 'S', email: 'ANN@example.org' }] }, FAMILY);
    expect(twice).toMatchObject({ ok: false, errors: { 'people.0': APPLICATION_MESSAGES.emailTwice } });
  });
});

describe('the states', () => {
  it('property: a submitted application is paid exactly when its order is; a closed one keeps its status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('submitted', 'admitted', 'declined', 'expired' as const),
        fc.option(fc.constantFrom('open', 'paid', 'refunded', 'cancelled' as const)),
        (status, order) => {
          const state = applicationState({ status }, order === null ? null : { status: order });
          expect(state).toBe(status === 'submitted' && order === 'paid' ? 'paid' : status);
        },
      ),
    );
  });

  it('property: admission only of an open application, and after payment only of a paid one; closing only of an open one', () => {
    fc.assert(
      fc.property(fc.constantFrom('after-payment', 'before-payment' as const), fc.constantFrom(...STATES), (admission, state) => {
        const open = state === 'submitted' || state === 'paid';
        const admits = open && (admission === 'before-payment' || state === 'paid');
        expect(admissionRefusal({ admission }, state) === null).toBe(admits);
        if (!open) expect(admissionRefusal({ admission }, state)).toBe(APPLICATION_MESSAGES.closed);
        expect(closingRefusal(state) === null).toBe(open);
      }),
    );
  });

  it('property: an open application expires after exactly applicationExpiryDays days, never a closed one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('submitted', 'admitted', 'declined' as const),
        (days, waited, status) => {
          const createdOn = '2026-06-01';
          const today = addDaysToDate(createdOn, waited);
          const expired = isApplicationExpired({ status, createdAt: '2026-06-01T09:00:00.000Z' }, { applicationExpiryDays: days }, today, createdOn);
          expect(expired).toBe(status === 'submitted' && waited > days);
        },
      ),
    );
  });
});

describe('admission', () => {
  it('makes a valid member of the applicant and of each person with an e-mail, all with the category and date', () => {
    let n = 0;
    const members = admittedMembers(
      {
        firstName: 'Ann',
        lastName: 'Sailor',
        email: 'ann@example.org',
        phone: '07700 900123',
        people: [
          { firstName: 'Bob', lastName: 'Sailor', email: 'bob@example.org' },
          { firstName: 'Cat', lastName: 'Sailor', email: null },
        ],
        categoryName: 'Family',
      },
      '2027-03-31',
      () => `m${(n += 1)}`,
      '2026-06-01T09:00:00.000Z',
    );
    expect(members.map((m) => [m.id, m.name, m.email, m.membershipType, m.renewalDate])).toEqual([
      ['m1', 'Ann Sailor', 'ann@example.org', 'Family', '2027-03-31'],
      ['m2', 'Bob Sailor', 'bob@example.org', 'Family', '2027-03-31'],
    ]);
    for (const member of members) expect(MemberSchema.parse(member)).toEqual(member);
    expect(members[0]!.phone).toBe('07700 900123');
  });
});
