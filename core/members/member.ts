import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/**
 * A member of the club, as the club's member list holds them (docs/members.md). Only e-mails on this
 * list can sign in; the membership is current until its renewal date (that day included) unless
 * the member is disabled. Members never have passwords.
 */
export const MemberSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  /** Compared case-insensitively; unique across the list. */
  email: z.string().email().max(320),
  /** As the club's membership export names it: "Family", "Adult", "Junior", ... */
  membershipType: z.string().trim().min(1).max(100),
  /** London date (YYYY-MM-DD): the membership is current up to and including this day. */
  renewalDate: z.iso.date(),
  disabled: z.boolean(),
  /** Optional (decisions, third phase): the member's phone and an emergency contact; absent when not given. */
  phone: z.string().trim().min(1).max(40).optional(),
  emergencyContactName: z.string().trim().min(1).max(200).optional(),
  emergencyContactPhone: z.string().trim().min(1).max(40).optional(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type Member = z.infer<typeof MemberSchema>;

/** Whether the member's membership is current on this London date (YYYY-MM-DD). */
export function isMembershipCurrent(member: Pick<Member, 'renewalDate' | 'disabled'>, today: string): boolean {
  return !member.disabled && today <= member.renewalDate;
}

/** The member's optional fields, absent when not given. */
export const MEMBER_OPTIONAL_FIELDS = ['phone', 'emergencyContactName', 'emergencyContactPhone'] as const;

/**
 * How membership type names compare (a member's `membershipType` names a membership category):
 * case-insensitively, white space trimmed and collapsed. Category names are unique under it.
 */
export function membershipTypeKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The form of an e-mail address the list keys on: trimmed and lower-cased. */
export function memberEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The `updatedAt` a write of `member` at `now` gives it: `now`, or a millisecond after the stored
 * one when that is not earlier (two writes in one millisecond, a clock set back). Every write thus
 * changes it, and a write based on an older read is refused (MemberUpdateExtras.expectedUpdatedAt).
 */
export function nextUpdatedAt(member: Pick<Member, 'updatedAt'>, now: Date | string): string {
  const at = typeof now === 'string' ? Date.parse(now) : now.getTime();
  const stored = Date.parse(member.updatedAt);
  return new Date(Number.isNaN(stored) || at > stored ? at : stored + 1).toISOString();
}
