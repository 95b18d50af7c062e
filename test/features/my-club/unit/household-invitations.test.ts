import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { householdPersonFormErrors, HOUSEHOLD_MESSAGES, HouseholdPersonFormSchema, validateHouseholdPerson } from '../../../../core/members/household';
import { invitationEmail, sameInvitee } from '../../../../core/members/household-membership';
import { householdInvitationMail } from '../../../../core/members/household-invitation-mail';
import { invitationFormErrors } from '../../../../core/members/household-views';

// Invitations by e-mail (docs/members-households.md#invitations) and the person's form shared by
// adding and editing a dependant.
const email = fc.oneof(fc.emailAddress(), fc.constantFrom('Ann@Example.org', ' ann@example.org ', 'ANN@EXAMPLE.ORG'));
const invitee = fc.record({ email: fc.option(email.map(invitationEmail), { nil: null }), memberId: fc.option(fc.constantFrom('m-a', 'm-b'), { nil: null }) });

describe('the invitee of an invitation', () => {
  it('an e-mail is kept trimmed and in lower case, and keeping it again changes nothing', () => {
    fc.assert(
      fc.property(
        email,
        (typed) => invitationEmail(invitationEmail(typed)) === invitationEmail(typed) && invitationEmail(typed) === typed.trim().toLowerCase(),
      ),
    );
    expect(invitationEmail(' Ann@Example.ORG ')).toBe('ann@example.org');
  });

  it('the form refuses only what is no e-mail at all, never by whose it is: any well-formed e-mail passes', () => {
    const plain = fc
      .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/), fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom('org', 'co.uk', 'example'))
      .map(([local, host, tld]) => `${local.replace(/\.+$/, '').replace(/\.{2,}/g, '.')}@${host}.${tld}`);
    fc.assert(
      fc.property(plain, (typed) => {
        expect(invitationFormErrors({ email: ` ${typed.toUpperCase()} ` })).toEqual({});
      }),
    );
    expect(invitationFormErrors({ email: '  ' })).toEqual({ email: 'Enter the member’s e-mail' });
    expect(invitationFormErrors({ email: 'not an e-mail' })).toEqual({ email: 'Enter an e-mail address such as name@example.org' });
  });

  it('two invitations are the same invitee by the same e-mail or the same member, either way round; never by two nulls', () => {
    fc.assert(
      fc.property(invitee, invitee, (a, b) => {
        expect(sameInvitee(a, b)).toBe(sameInvitee(b, a));
        expect(sameInvitee(a, b)).toBe((a.email !== null && a.email === b.email) || (a.memberId !== null && a.memberId === b.memberId));
      }),
    );
    expect(sameInvitee({ email: null, memberId: null }, { email: null, memberId: null })).toBe(false);
  });

  it('the e-mail names who invites and links to My club, whatever the base URL’s trailing slash', () => {
    const mail = householdInvitationMail(
      { name: 'Bob', email: 'bob@example.org' },
      { from: 'Ann <b>Helm</b>', clubName: 'Kestrel YC', publicBaseUrl: 'https://club.example/' },
    );
    expect(mail.to).toBe('bob@example.org');
    expect(mail.subject).toBe('Ann <b>Helm</b> invites you into their household');
    expect(mail.text).toContain('https://club.example/my');
    expect(mail.html).not.toContain('<b>Helm</b>');
  });
});

describe('the person’s form (add and edit)', () => {
  const now = new Date('2026-06-01T09:00:00.000Z');
  it('gives exactly the messages of the server’s rule for any form', () => {
    const form = fc.record({
      name: fc.string({ maxLength: 120 }),
      kind: fc.constantFrom('adult', 'junior', 'Adult', '', 'child'),
      yearOfBirth: fc.oneof(fc.constant(''), fc.integer({ min: 1850, max: 2100 }).map(String), fc.string({ maxLength: 6 })),
    });
    fc.assert(
      fc.property(form, (values) => {
        const checked = validateHouseholdPerson(HouseholdPersonFormSchema.parse(values), 2026);
        expect(householdPersonFormErrors(values, now)).toEqual(checked.ok ? {} : checked.errors);
      }),
    );
    expect(householdPersonFormErrors({ name: '', kind: 'adult', yearOfBirth: '' }, now)).toEqual({ name: HOUSEHOLD_MESSAGES.nameRequired });
  });
});
