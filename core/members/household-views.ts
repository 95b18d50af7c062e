import { z } from 'zod';
import { HouseholdPersonSchema, type HouseholdPerson } from './household';
import type { BookingHousehold } from './household';
import { HOUSEHOLD_MEMBER_MESSAGES, invitationEmail } from './household-membership';

/*
 * A household as members and admins see it, and the invitation form's rule: what the web app
 * reads and checks, kept apart from the use cases (core/members/household-members.ts) so the
 * pages that import it do not take the e-mails' code (and its calendar-file library) with them.
 */

/** What a contact or an admin types to name a member: their e-mail. */
export const HouseholdMemberEmailFormSchema = z.object({ email: z.string().max(1000).default('') });
/** What an admin sends to choose a household's contact, or a member sends for nothing else. */
export const HouseholdMemberChoiceSchema = z.object({ memberId: z.string().min(1).max(200) });

const HouseholdMemberViewSchema = z.object({ memberId: z.string(), name: z.string(), contact: z.boolean() });
/** A household as a member sees it on My club (and an admin on the member list, with e-mails). */
export const MyHouseholdSchema = z.object({
  householdId: z.string().nullable(),
  /** Whether the signed-in member is its contact (or in no household yet: they would be). */
  contact: z.boolean(),
  /** `kind`: junior when their membership type says so (a junior takes a child's place when booked for). */
  /**
   * `membershipCurrent`: their membership is current today (London), so the member price applies to their
   * place when booked for (the booking form prices with it as the server does).
   */
  members: z.array(HouseholdMemberViewSchema.extend({ you: z.boolean(), kind: z.enum(['adult', 'junior']), membershipCurrent: z.boolean() })),
  people: z.array(HouseholdPersonSchema),
  /** Invitations waiting for the signed-in member, each naming the household's contact. */
  invitations: z.array(z.object({ id: z.string(), from: z.string() })),
  /**
   * The household's own invitations waiting (shown to its contact, who may withdraw them): the
   * e-mail each was sent to, whether or not it is a member's (the list tells no one which).
   */
  invited: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type MyHousehold = z.infer<typeof MyHouseholdSchema>;

/**
 * Whom the member may tick as attendees when booking: the household's dependants, then its other
 * members (by their member id; a junior member takes a child's place, as the server decides).
 */
export function householdAttendeesOf(household: MyHousehold): HouseholdPerson[] {
  const others = household.members
    .filter((m) => !m.you)
    .map((m): HouseholdPerson => ({ id: m.memberId, memberId: m.memberId, name: m.name, kind: m.kind, yearOfBirth: null, createdAt: '', updatedAt: '' }));
  return [...household.people, ...others];
}

/** The household as the booking form prices it (householdPricePlaces): who may be ticked, who is a member, whose membership is current. */
export function bookingHouseholdOf(household: MyHousehold): BookingHousehold {
  const others = household.members.filter((m) => !m.you);
  return {
    attendable: householdAttendeesOf(household),
    memberIds: new Set(others.map((m) => m.memberId)),
    currentMemberIds: new Set(others.filter((m) => m.membershipCurrent).map((m) => m.memberId)),
  };
}

export const AdminHouseholdSchema = z.object({
  householdId: z.string().nullable(),
  members: z.array(HouseholdMemberViewSchema.extend({ email: z.string() })),
  people: z.array(HouseholdPersonSchema),
});
export type AdminHousehold = z.infer<typeof AdminHouseholdSchema>;

/** The invitation form's message (web and server alike): empty, or not an e-mail; none when fine. */
export function invitationFormErrors(form: { email: string }): { email?: string } {
  const email = invitationEmail(form.email);
  if (email === '') return { email: HOUSEHOLD_MEMBER_MESSAGES.emailRequired };
  if (email.length > 320 || !z.email().safeParse(email).success) return { email: HOUSEHOLD_MEMBER_MESSAGES.emailInvalid };
  return {};
}
