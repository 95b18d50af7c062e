import { z } from 'zod';
import { formCheck } from '../shared/form-check';
import { parseIsoOrUkDate } from '../shared/uk-date-input';
import { isMembershipCurrent, MEMBER_OPTIONAL_FIELDS, MemberSchema, type Member } from './member';

/**
 * The member list as admins type it (the add and edit forms) and as the club's membership export
 * gives it (the CSV import): name, e-mail, membership type and renewal date. Rules shared by the
 * browser and the server. Renewal dates are accepted as ISO (2027-03-31) or day first as the rest
 * of the admin panel types them (31/03/2027).
 */

export const MEMBER_FORM_MESSAGES = {
  nameRequired: "Enter the member's name",
  nameTooLong: 'The name must be at most 200 characters',
  emailRequired: "Enter the member's e-mail address",
  emailInvalid: 'Enter a real e-mail address, e.g. name@example.com',
  typeRequired: 'Enter the membership type, e.g. Family, Adult or Junior',
  typeTooLong: 'The membership type must be at most 100 characters',
  dateRequired: 'Enter the renewal date',
  dateInvalid: 'Enter a real date, as 31/03/2027 or 2027-03-31',
  phoneInvalid: 'Enter a phone number: digits, spaces and + ( ) - only, e.g. 07700 900123',
  contactTooLong: "The emergency contact's name must be at most 200 characters",
  emailTaken: 'Another member already has this e-mail address',
  notFound: 'Member not found',
} as const;

export const RENEWAL_DATE_HINT = 'Day first (31/03/2027) or as 2027-03-31; the membership is current up to and including this day.';

const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/** A typed renewal date (ISO or day first) as 'yyyy-MM-dd', or null when it is not a real date. */
export function parseRenewalDate(text: string): string | null {
  const date = parseIsoOrUkDate(text);
  if (date === null) return null;
  const year = Number(date.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR ? date : null;
}

/** Whether a text (trimmed) is an e-mail address the member list can store. */
export function isMemberEmail(text: string): boolean {
  return MemberSchema.shape.email.safeParse(text.trim()).success;
}

const PHONE = /^\+?[\d\s().-]{6,40}$/;

/** Whether a text (trimmed) can be a phone number: digits, spaces and + ( ) . -, 6 to 40 characters, at least 6 digits. */
export function isPhoneNumber(text: string): boolean {
  const t = text.trim();
  return PHONE.test(t) && (t.match(/\d/g) ?? []).length >= 6;
}

/** "31/03/2027": the renewal date as the club writes it. */
export function renewalDateText(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** What the add and edit forms send: every field as typed. */
export const MemberFormSchema = z.object({
  name: z.string().max(1000).default(''),
  email: z.string().max(1000).default(''),
  membershipType: z.string().max(1000).default(''),
  renewalDate: z.string().max(100).default(''),
  phone: z.string().max(1000).default(''),
  emergencyContactName: z.string().max(1000).default(''),
  emergencyContactPhone: z.string().max(1000).default(''),
});
export type MemberFormValues = z.infer<typeof MemberFormSchema>;
export type MemberFormErrors = Partial<Record<keyof MemberFormValues, string>>;

/** The member's details a form or a CSV line gives. */
export interface MemberDetails {
  name: string;
  email: string;
  membershipType: string;
  renewalDate: string;
  /** Absent when not given. */
  phone?: string;
  emergencyContactName?: string;
  emergencyContactPhone?: string;
}

/** The member with these details: the optional ones not given are removed. */
export function withDetails<M extends MemberDetails>(member: M, details: MemberDetails): M {
  const next = { ...member, name: details.name, email: details.email, membershipType: details.membershipType, renewalDate: details.renewalDate };
  for (const field of MEMBER_OPTIONAL_FIELDS) {
    if (details[field] === undefined) delete next[field];
    else next[field] = details[field];
  }
  return next;
}

/** The form's rule (browser and server): the details, or a message per field. */
export function validateMemberForm(values: MemberFormValues): { ok: true; value: MemberDetails } | { ok: false; errors: MemberFormErrors } {
  const errors: MemberFormErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const membershipType = values.membershipType.trim();
  if (name === '') errors.name = MEMBER_FORM_MESSAGES.nameRequired;
  else if (name.length > 200) errors.name = MEMBER_FORM_MESSAGES.nameTooLong;
  if (email === '') errors.email = MEMBER_FORM_MESSAGES.emailRequired;
  else if (!isMemberEmail(email)) errors.email = MEMBER_FORM_MESSAGES.emailInvalid;
  if (membershipType === '') errors.membershipType = MEMBER_FORM_MESSAGES.typeRequired;
  else if (membershipType.length > 100) errors.membershipType = MEMBER_FORM_MESSAGES.typeTooLong;
  let renewalDate: string | null = null;
  if (values.renewalDate.trim() === '') errors.renewalDate = MEMBER_FORM_MESSAGES.dateRequired;
  else {
    renewalDate = parseRenewalDate(values.renewalDate);
    if (renewalDate === null) errors.renewalDate = MEMBER_FORM_MESSAGES.dateInvalid;
  }
  const contact = checkContactDetails(values, errors);
  return formCheck(errors, () => ({ name, email, membershipType, renewalDate: renewalDate!, ...contact }));
}

/** A member's optional phone and emergency contact as given, trimmed; absent when empty. */
export interface ContactDetails {
  phone?: string;
  emergencyContactName?: string;
  emergencyContactPhone?: string;
}

/**
 * The phone and emergency contact fields' rule, the same for the admins' member form and the
 * member's own My details: each trimmed, a phone must look like one, a name at most 200
 * characters. Puts a message in `errors` for each field refused; answers the fields given.
 */
export function checkContactDetails(
  values: Pick<MemberFormValues, 'phone' | 'emergencyContactName' | 'emergencyContactPhone'>,
  errors: Partial<Record<'phone' | 'emergencyContactName' | 'emergencyContactPhone', string>>,
): ContactDetails {
  const phone = values.phone.trim();
  const emergencyContactName = values.emergencyContactName.trim();
  const emergencyContactPhone = values.emergencyContactPhone.trim();
  if (phone !== '' && !isPhoneNumber(phone)) errors.phone = MEMBER_FORM_MESSAGES.phoneInvalid;
  if (emergencyContactName.length > 200) errors.emergencyContactName = MEMBER_FORM_MESSAGES.contactTooLong;
  if (emergencyContactPhone !== '' && !isPhoneNumber(emergencyContactPhone)) errors.emergencyContactPhone = MEMBER_FORM_MESSAGES.phoneInvalid;
  return {
    ...(phone ? { phone } : {}),
    ...(emergencyContactName ? { emergencyContactName } : {}),
    ...(emergencyContactPhone ? { emergencyContactPhone } : {}),
  };
}

/** What the list shows of a membership: current, lapsed (past its renewal date) or disabled by an admin. */
export type MembershipStatus = 'current' | 'lapsed' | 'disabled';
export const MembershipStatusSchema = z.enum(['current', 'lapsed', 'disabled']);

export function membershipStatus(member: Pick<Member, 'renewalDate' | 'disabled'>, today: string): MembershipStatus {
  if (member.disabled) return 'disabled';
  return isMembershipCurrent(member, today) ? 'current' : 'lapsed';
}

/** A member as the admin's list shows them. */
export const MemberViewSchema = MemberSchema.extend({ status: MembershipStatusSchema });
export type MemberView = z.infer<typeof MemberViewSchema>;

export function memberView(member: Member, today: string): MemberView {
  return { ...member, status: membershipStatus(member, today) };
}

export const MemberListResponseSchema = z.object({
  members: z.array(MemberViewSchema),
  today: z.iso.date(),
  /** How many duties not over yet each member holds (members with none are left out): what disabling them releases. */
  upcomingDuties: z.record(z.string(), z.number().int().min(1)),
});
export type MemberListResponse = z.infer<typeof MemberListResponseSchema>;
export const MemberResponseSchema = z.object({ member: MemberViewSchema });

/** The edit: any of the form's fields (each checked as the form checks it), and whether the member is disabled. */
export const MemberChangesSchema = z
  .object({
    name: z.string().max(1000).optional(),
    email: z.string().max(1000).optional(),
    membershipType: z.string().max(1000).optional(),
    renewalDate: z.string().max(100).optional(),
    phone: z.string().max(1000).optional(),
    emergencyContactName: z.string().max(1000).optional(),
    emergencyContactPhone: z.string().max(1000).optional(),
    disabled: z.boolean().optional(),
  })
  .strict();
export type MemberChanges = z.infer<typeof MemberChangesSchema>;
