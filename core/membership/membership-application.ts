import { z } from 'zod';
import { MAX_HOUSEHOLD_PEOPLE } from '../members/household';
import { MAX_HOUSEHOLD_MEMBERS } from '../members/household-membership';
import { MemberSchema, memberEmailKey, type Member } from '../members/member';
import type { NewHousehold } from '../members/member-repository.port';
import { checkContactDetails, isMemberEmail, MEMBER_FORM_MESSAGES } from '../members/member-form';
import { InstantSchema } from '../shared/instant';
import { addDaysToDate } from '../shared/london-time';
import { CurrencySchema, MAX_PAYMENT_AMOUNT, MinorUnitsSchema } from '../shared/money';
import type { MembershipCategory } from './membership-category';
import type { MembershipOrder } from './membership-order';
import type { MembershipSettings } from './membership-settings';

/**
 * Joining the club online (docs/membership.md, "Joining"): a public application for a person or a
 * household, its admission by an admin (members:write) before or after payment, its decline (with
 * a refund of a card payment) and its expiry. The rules here are shared by the Join page and the
 * server.
 */

/** The most other people one household application may name. */
export const MAX_APPLICATION_PEOPLE = 8;

export const APPLICATION_MESSAGES = {
  firstNameRequired: 'Enter your first name',
  lastNameRequired: 'Enter your last name',
  nameTooLong: 'A name is at most 100 characters',
  emailRequired: 'Enter your e-mail address',
  emailInvalid: MEMBER_FORM_MESSAGES.emailInvalid,
  personNameRequired: 'Enter the first and last name of everyone joining',
  personEmailInvalid: 'Enter a valid e-mail address, or leave it empty',
  emailTwice: 'Each person needs their own e-mail address',
  categoryRequired: 'Choose a membership',
  categoryNotOffered: 'This membership cannot be bought online. Please contact the club.',
  peopleNotHousehold: 'Only a household membership covers other people',
  householdFull: `A household holds at most ${MAX_HOUSEHOLD_MEMBERS} members: give an e-mail address to at most ${MAX_HOUSEHOLD_MEMBERS - 1} of the others (the rest join as dependants)`,
  acceptRequired: "Please accept the club's rules and privacy notice",
  pledgeRequired: (duties: number) => `Please pledge the ${duties} ${duties === 1 ? 'duty' : 'duties'} this membership expects`,
  notFound: 'Application not found',
  idTaken: 'An application with this id already exists',
  notPaid: 'This application is not paid yet: the club admits applicants after payment',
  closed: 'This application was already admitted, declined or expired',
  reasonRequired: 'Say why the application is declined',
  emailIsMember: (name: string) => `The e-mail address belongs to member ${name}: decline the application or ask the member to renew`,
  notPayable: 'This application can no longer be paid',
  notCard: 'This application is not paid online: the club admits applicants before payment',
} as const;

/** The state an application is in; `paid` is a submitted application whose joining order is paid. */
export const ApplicationStateSchema = z.enum(['submitted', 'paid', 'admitted', 'declined', 'expired']);
export type ApplicationState = z.infer<typeof ApplicationStateSchema>;

/** What is stored: `paid` is not stored but read from the application's order (applicationState). */
export const ApplicationStatusSchema = z.enum(['submitted', 'admitted', 'declined', 'expired']);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

const NameSchema = z.string().trim().min(1).max(100);

/** Another person a household application names: an e-mail makes them a member, without one a dependant of the household. */
export const ApplicationPersonSchema = z.object({ firstName: NameSchema, lastName: NameSchema, email: MemberSchema.shape.email.nullable() });
export type ApplicationPerson = z.infer<typeof ApplicationPersonSchema>;

/** A stored application (MembershipApplicationRepository). */
export const MembershipApplicationSchema = z.object({
  id: z.string().min(1).max(200),
  firstName: NameSchema,
  lastName: NameSchema,
  email: MemberSchema.shape.email,
  phone: MemberSchema.shape.phone,
  emergencyContactName: MemberSchema.shape.emergencyContactName,
  emergencyContactPhone: MemberSchema.shape.emergencyContactPhone,
  people: z.array(ApplicationPersonSchema).max(MAX_APPLICATION_PEOPLE),
  categoryId: z.string().min(1).max(60),
  categoryName: z.string().min(1).max(100),
  /** The duties pledged (at least the category's dutiesPerSeason when submitted). */
  dutiesPledged: z.number().int().min(0).max(50),
  /** The price, as quoted on submission (membershipPrice for joining). */
  amount: MinorUnitsSchema.max(MAX_PAYMENT_AMOUNT),
  currency: CurrencySchema,
  /** The club's admission mode when submitted: it says whether the applicant pays before admission. */
  admission: z.enum(['after-payment', 'before-payment']),
  /** The joining order paying for it (after-payment); null when the applicant pays once admitted. */
  orderId: z.string().min(1).max(40).nullable(),
  status: ApplicationStatusSchema,
  /** The members admission created, the applicant first. */
  memberIds: z.array(z.string().min(1).max(200)).max(MAX_APPLICATION_PEOPLE + 1),
  /** Why an admin declined it; null otherwise. */
  reason: z.string().trim().min(1).max(500).nullable(),
  /**
   * For a declined or expired application that was paid: `refunded` once the payments port took
   * the refund, `by-hand` when it could not (the admins' list shows it to refund by hand); null
   * when nothing was paid or while the application is open or admitted.
   */
  refund: z.enum(['refunded', 'by-hand']).nullable(),
  /** The admin who admitted or declined it (uid), null otherwise (expired: the daily job). */
  decidedBy: z.string().min(1).max(200).nullable(),
  decidedAt: InstantSchema.nullable(),
  createdAt: InstantSchema,
});
export type MembershipApplication = z.infer<typeof MembershipApplicationSchema>;

/** The public Join form, as typed (each field text; `people` the household's others). */
export const ApplyRequestSchema = z
  .object({
    firstName: z.string().max(1000),
    lastName: z.string().max(1000),
    email: z.string().max(1000),
    phone: z.string().max(1000),
    emergencyContactName: z.string().max(1000),
    emergencyContactPhone: z.string().max(1000),
    people: z
      .array(z.object({ firstName: z.string().max(1000), lastName: z.string().max(1000), email: z.string().max(1000) }).strict())
      .max(MAX_APPLICATION_PEOPLE),
    categoryId: z.string().max(60),
    accept: z.boolean(),
    dutiesPledged: z.number().int().min(0).max(50),
  })
  .strict();
export type ApplyRequest = z.infer<typeof ApplyRequestSchema>;
export type ApplyFormErrors = Partial<Record<keyof ApplyRequest | `people.${number}`, string>>;

/** Whether a category may be chosen on the Join page: sold online and not withdrawn. */
export function isJoinable(category: Pick<MembershipCategory, 'onlinePurchase' | 'withdrawn'>): boolean {
  return category.onlinePurchase && !category.withdrawn;
}

/** What the form's values make, trimmed, once validateApplication accepts them. */
export type ApplicationDetails = Pick<
  MembershipApplication,
  'firstName' | 'lastName' | 'email' | 'phone' | 'emergencyContactName' | 'emergencyContactPhone' | 'people' | 'dutiesPledged'
>;

/**
 * The Join form's rule, the same on the page and the server: names and a valid e-mail for the
 * applicant, My details' rule on the phone and emergency contact, a category that may be joined
 * online (`category` null: none chosen or unknown), other people only for a household category
 * (each named; an e-mail optional, distinct from everyone else's), the club's rules and privacy
 * notice accepted, and at least the category's duties pledged.
 */
export function validateApplication(
  values: ApplyRequest,
  category: Pick<MembershipCategory, 'onlinePurchase' | 'withdrawn' | 'coversHousehold' | 'dutiesPerSeason'> | null,
): { ok: true; value: ApplicationDetails } | { ok: false; errors: ApplyFormErrors } {
  const errors: ApplyFormErrors = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  if (!firstName) errors.firstName = APPLICATION_MESSAGES.firstNameRequired;
  else if (firstName.length > 100) errors.firstName = APPLICATION_MESSAGES.nameTooLong;
  if (!lastName) errors.lastName = APPLICATION_MESSAGES.lastNameRequired;
  else if (lastName.length > 100) errors.lastName = APPLICATION_MESSAGES.nameTooLong;
  if (!email) errors.email = APPLICATION_MESSAGES.emailRequired;
  else if (!isMemberEmail(email)) errors.email = APPLICATION_MESSAGES.emailInvalid;
  const contact = checkContactDetails(values, errors);
  if (!category) errors.categoryId = APPLICATION_MESSAGES.categoryRequired;
  else if (!isJoinable(category)) errors.categoryId = APPLICATION_MESSAGES.categoryNotOffered;
  if (values.people.length > 0 && category && !category.coversHousehold) errors.people = APPLICATION_MESSAGES.peopleNotHousehold;
  const seen = new Set([memberEmailKey(email)]);
  const people: ApplicationPerson[] = values.people.map((person, index) => {
    const first = person.firstName.trim();
    const last = person.lastName.trim();
    const personEmail = person.email.trim();
    if (!first || !last || first.length > 100 || last.length > 100) errors[`people.${index}`] = APPLICATION_MESSAGES.personNameRequired;
    else if (personEmail && !isMemberEmail(personEmail)) errors[`people.${index}`] = APPLICATION_MESSAGES.personEmailInvalid;
    else if (personEmail && seen.has(memberEmailKey(personEmail))) errors[`people.${index}`] = APPLICATION_MESSAGES.emailTwice;
    if (personEmail) seen.add(memberEmailKey(personEmail));
    return { firstName: first, lastName: last, email: personEmail || null };
  });
  // Everyone with an e-mail becomes a member of the one household admission makes (admittedHousehold).
  if (!errors.people && 1 + people.filter((person) => person.email !== null).length > MAX_HOUSEHOLD_MEMBERS) errors.people = APPLICATION_MESSAGES.householdFull;
  if (!values.accept) errors.accept = APPLICATION_MESSAGES.acceptRequired;
  if (category && values.dutiesPledged < category.dutiesPerSeason) errors.dutiesPledged = APPLICATION_MESSAGES.pledgeRequired(category.dutiesPerSeason);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { firstName, lastName, email, ...contact, people, dutiesPledged: values.dutiesPledged } };
}

/** The decline form's rule, the same on the Applications screen and the server: a reason, said to the applicant. */
export function checkDeclineReason(values: { reason: string }): { ok: true } | { ok: false; errors: { reason: string } } {
  return values.reason.trim() === '' ? { ok: false, errors: { reason: APPLICATION_MESSAGES.reasonRequired } } : { ok: true };
}

/** The application's state: a submitted one whose joining order is paid is `paid`. */
export function applicationState(application: Pick<MembershipApplication, 'status'>, order: Pick<MembershipOrder, 'status'> | null): ApplicationState {
  if (application.status === 'submitted' && order?.status === 'paid') return 'paid';
  return application.status;
}

/**
 * Why an admin may not admit the application now, or null when they may: only an open one
 * (submitted or paid); with admission after payment, only a paid one.
 */
export function admissionRefusal(application: Pick<MembershipApplication, 'admission'>, state: ApplicationState): string | null {
  if (state !== 'submitted' && state !== 'paid') return APPLICATION_MESSAGES.closed;
  if (application.admission === 'after-payment' && state !== 'paid') return APPLICATION_MESSAGES.notPaid;
  return null;
}

/** Why the application may not be declined (or expire) now, or null: only an open one may. */
export function closingRefusal(state: ApplicationState): string | null {
  return state === 'submitted' || state === 'paid' ? null : APPLICATION_MESSAGES.closed;
}

/** Whether an open application has waited past the club's expiry on `today` (London date): created more than `applicationExpiryDays` days before. */
export function isApplicationExpired(
  application: Pick<MembershipApplication, 'status' | 'createdAt'>,
  settings: Pick<MembershipSettings, 'applicationExpiryDays'>,
  today: string,
  createdOn: string,
): boolean {
  return application.status === 'submitted' && today > addDaysToDate(createdOn, settings.applicationExpiryDays);
}

/**
 * The household a household category's admission makes (docs/membership.md#joining): its members
 * the admitted members, the applicant its contact, in the order admittedMembers gives them (at
 * most MAX_HOUSEHOLD_MEMBERS), and the people named without an e-mail as its dependants (juniors,
 * at most MAX_HOUSEHOLD_PEOPLE). Written with the members, in one write.
 */
export function admittedHousehold(
  application: Pick<MembershipApplication, 'people'>,
  members: readonly Pick<Member, 'id'>[],
  ids: () => string,
  now: string,
): NewHousehold {
  const householdId = ids();
  return {
    members: members.slice(0, MAX_HOUSEHOLD_MEMBERS).map((member, i) => ({ householdId, memberId: member.id, contact: i === 0, joinedAt: now })),
    people: application.people
      .filter((person) => person.email === null)
      .slice(0, MAX_HOUSEHOLD_PEOPLE)
      .map((person) => ({
        id: ids(),
        memberId: householdId,
        name: `${person.firstName} ${person.lastName}`,
        kind: 'junior' as const,
        yearOfBirth: null,
        createdAt: now,
        updatedAt: now,
      })),
  };
}

/**
 * The members admission creates (the applicant first, then each other person with an e-mail;
 * those without one become the household's dependants): each named, with the category and
 * `renewalDate`, their own ids from `ids`.
 */
export function admittedMembers(
  application: Pick<
    MembershipApplication,
    'firstName' | 'lastName' | 'email' | 'phone' | 'emergencyContactName' | 'emergencyContactPhone' | 'people' | 'categoryName'
  >,
  renewalDate: string,
  ids: () => string,
  now: string,
): Member[] {
  const base = { membershipType: application.categoryName, renewalDate, disabled: false, createdAt: now, updatedAt: now };
  const applicant: Member = {
    id: ids(),
    name: `${application.firstName} ${application.lastName}`,
    email: application.email,
    ...(application.phone ? { phone: application.phone } : {}),
    ...(application.emergencyContactName ? { emergencyContactName: application.emergencyContactName } : {}),
    ...(application.emergencyContactPhone ? { emergencyContactPhone: application.emergencyContactPhone } : {}),
    ...base,
  };
  const others = application.people.flatMap((person) =>
    person.email === null ? [] : [{ id: ids(), name: `${person.firstName} ${person.lastName}`, email: person.email, ...base }],
  );
  return [applicant, ...others];
}
