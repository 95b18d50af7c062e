import { z } from 'zod';
import { isLifeRenewalDate } from '../membership/membership-renewal';
import { addDaysToDate } from '../shared/london-time';
import { formCheck } from '../shared/form-check';
import { isMembershipCurrent, MemberSchema, type Member } from '../members/member';
import { checkContactDetails, isMemberEmail, MEMBER_FORM_MESSAGES, type ContactDetails } from '../members/member-form';
import { mailedCodeSchema } from '../member-sign-in/member-sign-in';

/**
 * A member's own details on My club (docs/my-club.md#my-details): what they see of their record
 * and membership, and the rules of what they may change themselves (phone, emergency contact, and
 * their e-mail once a code sent to the new one confirms it). Shared by the browser and the server.
 */

/** What a member reads of their membership: current until its renewal date, lapsed since the day after it, or a life membership (no end). */
export const MyMembershipStatusSchema = z.enum(['current', 'lapsed', 'life']);
export type MyMembershipStatus = z.infer<typeof MyMembershipStatusSchema>;

/**
 * The membership's status on a London date, as membershipStatus (core/membership) says it without
 * the renewal window, which My club does not offer yet (a disabled member is never signed in).
 */
export function myMembershipStatus(member: Pick<Member, 'renewalDate' | 'disabled'>, today: string): MyMembershipStatus {
  if (isLifeRenewalDate(member.renewalDate)) return 'life';
  return isMembershipCurrent(member, today) ? 'current' : 'lapsed';
}

/** The first day a membership is no longer current: the day after its renewal date. */
export function lapsedSince(renewalDate: string): string {
  return addDaysToDate(renewalDate, 1);
}

/** GET /api/my/details: the member's own record (never another's) and their membership. */
export const MyDetailsSchema = z.object({
  name: MemberSchema.shape.name,
  email: MemberSchema.shape.email,
  phone: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  membership: z.object({
    /** The category's name (the member's membershipType). */
    category: z.string(),
    status: MyMembershipStatusSchema,
    /** London date: the last day it is current; null for a life membership. */
    renewalDate: z.iso.date().nullable(),
    /** London date: the first day it was no longer current; null unless lapsed. */
    lapsedSince: z.iso.date().nullable(),
  }),
});
export type MyDetails = z.infer<typeof MyDetailsSchema>;

export function myDetailsView(member: Member, today: string): MyDetails {
  const status = myMembershipStatus(member, today);
  return {
    name: member.name,
    email: member.email,
    phone: member.phone ?? null,
    emergencyContactName: member.emergencyContactName ?? null,
    emergencyContactPhone: member.emergencyContactPhone ?? null,
    membership: {
      category: member.membershipType,
      status,
      renewalDate: status === 'life' ? null : member.renewalDate,
      lapsedSince: status === 'lapsed' ? lapsedSince(member.renewalDate) : null,
    },
  };
}

/** PUT /api/my/details: the three fields a member changes themselves, each as typed (an empty one removes it); all three are sent, so no request removes one by leaving it out. */
export const MyDetailsFormSchema = z
  .object({ phone: z.string().max(1000), emergencyContactName: z.string().max(1000), emergencyContactPhone: z.string().max(1000) })
  .strict();
export type MyDetailsFormValues = z.infer<typeof MyDetailsFormSchema>;
export type MyDetailsFormErrors = Partial<Record<keyof MyDetailsFormValues, string>>;

/** The member's contact details, trimmed; absent when not given. */
/** What the member may change of their own details: their phone and emergency contact. */
export type MyContactDetails = ContactDetails;

/** The My details form's rule: the same limits and messages as the admins' member form (validateMemberForm). */
export function validateMyDetailsForm(values: MyDetailsFormValues): { ok: true; value: MyContactDetails } | { ok: false; errors: MyDetailsFormErrors } {
  const errors: MyDetailsFormErrors = {};
  const contact = checkContactDetails(values, errors);
  return formCheck(errors, () => contact);
}

export const EMAIL_CHANGE_MESSAGES = {
  emailRequired: 'Enter your new e-mail address',
  emailInvalid: MEMBER_FORM_MESSAGES.emailInvalid,
  sameEmail: 'This is already your e-mail address',
  /** Another member, or a household invitation waiting, holds the address: said only once the code proves the new inbox is the member's. */
  emailInUse: 'This e-mail address is already in use at the club. Choose another, or ask the club to help.',
  codeRequired: 'Enter the 6-digit code from the e-mail',
  codeInvalid: 'The code is the 6 digits from the e-mail',
  /** Wrong, used, expired, out of tries, for another address, or never sent: one refusal. */
  invalidCode: 'That code is not valid. Please check it, or ask for a new code.',
  tooManyRequests: 'Too many requests to change your e-mail address. Please try again later.',
} as const;

/** The message after a code was sent to the new address. */
export function emailChangeCodeSentMessage(email: string): string {
  return `We have sent a 6-digit code to ${email.trim()}. Enter it here to confirm your new address. The code works once, within 10 minutes.`;
}

const NewEmailSchema = z
  .string()
  .max(1000)
  .transform((email) => email.trim())
  .pipe(
    z
      .string()
      .min(1, EMAIL_CHANGE_MESSAGES.emailRequired)
      .refine((email) => isMemberEmail(email), EMAIL_CHANGE_MESSAGES.emailInvalid),
  );

/** POST /api/my/details/email: the new address. */
export const EmailChangeRequestSchema = z.object({ email: NewEmailSchema }).strict();
export type EmailChangeRequest = z.input<typeof EmailChangeRequestSchema>;

/** POST /api/my/details/email/confirm: the new address again and the code e-mailed to it (spaces allowed between the digits). */
export const EmailChangeConfirmSchema = z.object({ email: NewEmailSchema, code: mailedCodeSchema(EMAIL_CHANGE_MESSAGES) }).strict();
export type EmailChangeConfirm = z.input<typeof EmailChangeConfirmSchema>;

export const EmailChangeSentSchema = z.object({ message: z.string() });

/**
 * How many tries (right or wrong) one e-mailed change code takes: then the member asks for a new
 * one. With EMAIL_CHANGE_REQUESTS_PER_WINDOW requests an hour, at most 25 guesses an hour of a
 * million codes.
 */
export const EMAIL_CHANGE_MAX_TRIES = 5;
/** At most this many change codes e-mailed for one member in EMAIL_CHANGE_WINDOW_MS. */
export const EMAIL_CHANGE_REQUESTS_PER_WINDOW = 5;
export const EMAIL_CHANGE_WINDOW_MS = 3_600_000;

/** The rate-limit key of a member's change requests (a LoginAttemptStore key). */
export function emailChangeRequestKey(memberId: string): string {
  return `member-email-change:${memberId}`;
}

/**
 * What the member's pending change is keyed on in the sign-in codes' store (through
 * SignInKeys.emailKey): one pending change per member, a new request replacing it. It holds a
 * space and no @, so no e-mail a sign-in names ever keys on it.
 */
export function emailChangeCodeKeyInput(memberId: string): string {
  return `email change ${memberId}`;
}

/** What the change code's hash is taken of: apart from sign-in codes', and binding the member and the new address. */
export function emailChangeCodeHashInput(memberId: string, newEmail: string, code: string): string {
  return `member-email-change:${memberId}:${newEmail.trim().toLowerCase()}:${code}`;
}
