import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/**
 * A member's place in a household (docs/members-households.md): a household is one or
 * more members, each with their own e-mail and sign-in, plus dependants; one member is its
 * contact. A member is in at most one household. The household's id keys its dependants
 * (`HouseholdPerson.memberId`): for a household from before several members, its contact's id.
 */
export const HouseholdMembershipSchema = z.object({
  householdId: z.string().min(1).max(200),
  memberId: z.string().min(1).max(200),
  /** Exactly one member of each household is its contact. */
  contact: z.boolean(),
  joinedAt: InstantSchema,
});
export type HouseholdMembership = z.infer<typeof HouseholdMembershipSchema>;

/**
 * A contact's invitation, by e-mail, into their household, until accepted, declined or withdrawn.
 * An e-mail that was no member's when invited is stored all the same (`memberId` null) and can never
 * be accepted: the contact gets the same answer for any e-mail, so inviting tells them nothing about
 * who is a member (docs/members-households.md#invitations).
 */
export const HouseholdInvitationSchema = z.object({
  id: z.string().min(1).max(200),
  householdId: z.string().min(1).max(200),
  /** The member invited: the enabled member who had the e-mail when invited; null when none had it. */
  memberId: z.string().min(1).max(200).nullable(),
  /**
   * The e-mail the contact typed, trimmed and in lower case (what they see in their list); null for
   * an invitation stored before e-mails were kept (always a member's).
   */
  email: z.string().min(1).max(320).nullable(),
  /** The contact who invited them. */
  invitedBy: z.string().min(1).max(200),
  createdAt: InstantSchema,
});
export type HouseholdInvitation = z.infer<typeof HouseholdInvitationSchema>;

/** Whether two invitations (of one household) invite the same person: the same e-mail, or the same member. */
export function sameInvitee(a: Pick<HouseholdInvitation, 'email' | 'memberId'>, b: Pick<HouseholdInvitation, 'email' | 'memberId'>): boolean {
  return (a.email !== null && a.email === b.email) || (a.memberId !== null && a.memberId === b.memberId);
}

/** The most members (with e-mails) one household holds. */
export const MAX_HOUSEHOLD_MEMBERS = 8;
/** The most invitations one household may have waiting. */
export const MAX_HOUSEHOLD_INVITATIONS = 8;
/**
 * The most invitations one member may send in HOUSEHOLD_INVITATION_WINDOW_MS (withdrawn ones count):
 * enough for any family, too few to mail members in bulk by inviting and withdrawing.
 */
export const MAX_HOUSEHOLD_INVITATIONS_PER_DAY = 20;
export const HOUSEHOLD_INVITATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * How long an invitation stands: it holds an e-mail address (perhaps no member's), so it does not
 * wait for ever. Lapsed, it cannot be accepted, and the nightly retention run deletes it
 * (docs/members-households.md#invitations, docs/data-protection.md).
 */
export const HOUSEHOLD_INVITATION_DAYS = 30;

/** Whether the invitation has lapsed at `now`: HOUSEHOLD_INVITATION_DAYS after it was made, to the millisecond. */
export function invitationLapsed(invitation: Pick<HouseholdInvitation, 'createdAt'>, now: Date): boolean {
  return now.getTime() >= Date.parse(invitation.createdAt) + HOUSEHOLD_INVITATION_DAYS * 86_400_000;
}

/** The address-limit key counting a member's invitations. */
export function householdInvitationLimitKey(memberId: string): string {
  return `household-invitations:${memberId}`;
}

/** An e-mail as invitations keep and compare it: trimmed, in lower case. */
export function invitationEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const HOUSEHOLD_MEMBER_MESSAGES = {
  emailRequired: 'Enter the member’s e-mail',
  emailInvalid: 'Enter an e-mail address such as name@example.org',
  noSuchMember: 'No member of the club has this e-mail',
  tooManySent: `You can send at most ${MAX_HOUSEHOLD_INVITATIONS_PER_DAY} household invitations a day. Please try again tomorrow.`,
  inAHousehold: 'This member is already in a household',
  youAreInAHousehold: 'You are already in a household: leave it first',
  full: `A household can hold at most ${MAX_HOUSEHOLD_MEMBERS} members`,
  tooManyInvitations: `A household can have at most ${MAX_HOUSEHOLD_INVITATIONS} invitations waiting`,
  alreadyInvited: 'This member is already invited',
  yourself: 'You are in your household already',
  notContact: 'Only the household’s contact may do this',
  notInHousehold: 'This member is not in the household',
  invitationNotFound: 'This invitation is no longer open',
  invitationLapsed: `This invitation has lapsed: invitations last ${HOUSEHOLD_INVITATION_DAYS} days. Ask the household’s contact to invite you again.`,
  onlyMember: 'The household’s only member cannot leave while it has dependants: remove them first',
  noHousehold: 'You are not in a household',
} as const;

/** The household's members in the order they joined (joinedAt, then member id), as every storage lists them. */
/** Households by id, then each one's members in join order: the order of listMemberships. */
export function byHouseholdThenJoinOrder(a: HouseholdMembership, b: HouseholdMembership): number {
  return a.householdId < b.householdId ? -1 : a.householdId > b.householdId ? 1 : byJoinOrder(a, b);
}

export function byJoinOrder(a: HouseholdMembership, b: HouseholdMembership): number {
  return Date.parse(a.joinedAt) - Date.parse(b.joinedAt) || (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0);
}

export type JoinOutcome = 'joined' | 'in-a-household' | 'full';

/** The household a member is in now, as a join or leave decides on it: their place, its members and dependants. */
export interface CurrentHousehold {
  membership: HouseholdMembership;
  members: number;
  dependants: number;
}

/**
 * Whether `memberId` may join the household whose members are `members`, given the household (if
 * any) the member is in now: a member is in at most one household, and a household holds at most
 * MAX_HOUSEHOLD_MEMBERS. A household of the member alone without dependants is no household to
 * keep: joining another household with members ends it. The storage decides it inside the write that adds them.
 */
export function joinRefusal(
  current: CurrentHousehold | null,
  householdId: string,
  members: readonly HouseholdMembership[],
  max = MAX_HOUSEHOLD_MEMBERS,
): Exclude<JoinOutcome, 'joined'> | null {
  // A new household (no members yet) is never a reason to end one: a member in any is refused.
  if (current !== null && (current.membership.householdId === householdId || members.length === 0 || !endsOnLeaving(current))) return 'in-a-household';
  if (members.length >= max) return 'full';
  return null;
}

/** Whether a household ends when this member leaves it: they are its only member and it has no dependants. */
export function endsOnLeaving(current: CurrentHousehold): boolean {
  return current.members <= 1 && current.dependants === 0;
}

export type LeaveOutcome = 'left' | 'not-in-household' | 'only-member';

/**
 * Whether the member may leave: any member may, except the only member of a household with
 * dependants (the dependants belong to the household, which would be left without a contact).
 */
export function leaveRefusal(current: CurrentHousehold | null, householdId: string): Exclude<LeaveOutcome, 'left'> | null {
  if (current === null || current.membership.householdId !== householdId) return 'not-in-household';
  if (current.members <= 1 && current.dependants > 0) return 'only-member';
  return null;
}

/** The household's members once `memberId` joined at `at`: the first member of a household becomes its contact. */
export function withMemberJoined(members: readonly HouseholdMembership[], householdId: string, memberId: string, at: string): HouseholdMembership[] {
  return [...members, { householdId, memberId, contact: members.length === 0, joinedAt: at }].sort(byJoinOrder);
}

/**
 * The household's members once `memberId` left: when they were the contact, the member who joined
 * next (the earliest of those left) becomes it, so a household with members always has one contact.
 */
export function withMemberLeft(members: readonly HouseholdMembership[], memberId: string): HouseholdMembership[] {
  const left = members.filter((m) => m.memberId !== memberId).sort(byJoinOrder);
  if (left.length > 0 && !left.some((m) => m.contact)) left[0] = { ...left[0], contact: true };
  return left;
}

/** The household's members with `memberId` as its one contact; null when they are not in it. */
export function withContact(members: readonly HouseholdMembership[], memberId: string): HouseholdMembership[] | null {
  if (!members.some((m) => m.memberId === memberId)) return null;
  return members.map((m) => ({ ...m, contact: m.memberId === memberId }));
}

/** The household's contact, or null for a household without members. */
export function contactOf(members: readonly HouseholdMembership[]): HouseholdMembership | null {
  return members.find((m) => m.contact) ?? null;
}

/** Who asks for a change of a household's members. */
export type HouseholdActor = { kind: 'admin' } | { kind: 'member'; memberId: string };
export type HouseholdMemberAction = 'add' | 'invite' | 'remove' | 'choose-contact' | 'manage-dependants';

/**
 * Who may change whom (docs/members-households.md): an admin (members:write) adds, removes and
 * chooses the contact of any household; of its members, the contact invites other members and
 * manages the dependants; any member may leave (remove themselves); no member removes another,
 * adds one without their accepting, or makes another the contact.
 */
export function mayChangeHousehold(actor: HouseholdActor, action: HouseholdMemberAction, members: readonly HouseholdMembership[], target?: string): boolean {
  if (actor.kind === 'admin') return action !== 'invite';
  const own = members.find((m) => m.memberId === actor.memberId);
  if (!own) return false;
  switch (action) {
    case 'invite':
    case 'manage-dependants':
      return own.contact;
    case 'remove':
      return target === actor.memberId;
    case 'add':
    case 'choose-contact':
      return false;
  }
}
