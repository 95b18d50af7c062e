import type { HouseholdPerson } from './household';
import type { HouseholdInvitation, HouseholdMembership, JoinOutcome, LeaveOutcome } from './household-membership';

/**
 * Households (docs/members-households.md): their members (each with their own e-mail
 * and sign-in, one the contact), the contact's invitations, and their dependants, without e-mails
 * of their own. A dependant belongs to exactly one household: its `memberId` is the household's
 * id (for a household from before several members, its contact's member id). Every method that
 * names a person names the household too, and never touches another household's people.
 */
export interface HouseholdRepository {
  /** The member's people in the order they were added (createdAt, then id); empty when none. */
  listForMember(memberId: string): Promise<HouseholdPerson[]>;
  /**
   * Adds the person to their member's household unless it already holds `max` people, in one
   * atomic step: of several adds at once, never more than `max` are kept. Answers whether it was
   * added. Throws ConflictError if the member's household already holds a person with this id
   * (ids come from the IdGenerator, so a clash is a programming error), and a ValidationError for
   * a person that is not a valid HouseholdPerson; nothing is stored then.
   */
  add(person: HouseholdPerson, max: number): Promise<{ added: boolean }>;
  /**
   * Sets the name, kind, year of birth and updatedAt of the member's person `person.id`, keeping
   * its createdAt. Throws NotFoundError if the member has no such person (another member's
   * person included), and changes nothing then.
   */
  update(person: HouseholdPerson): Promise<void>;
  /** Removes the member's person; answers whether there was one (another member's person is not removed). */
  remove(memberId: string, personId: string): Promise<boolean>;

  /** The member's place in a household, or null when they are in none. */
  membershipOf(memberId: string): Promise<HouseholdMembership | null>;
  /** The household's members in the order they joined (byJoinOrder); empty for none. */
  membersOf(householdId: string): Promise<HouseholdMembership[]>;
  /**
   * Every member's place in a household, households by id and each one's members in join order
   * (byJoinOrder); a member in none is not listed. One listing of storage however many members
   * the club has, for reads over the whole club (the rota fill's quotas).
   */
  listMemberships(): Promise<HouseholdMembership[]>;
  /**
   * Adds the member to the household in one atomic step, as joinRefusal decides on what is stored
   * at that moment (a household with no members yet is new: they become its contact; a household
   * of them alone without dependants that they are in ends). With `invitationId`, only while that
   * invitation of this member into this household stands ('no-invitation' otherwise); the member's
   * every invitation is removed with the join. Of two joins at once for one member, one at most
   * succeeds: a member ends in one household only.
   */
  join(input: { householdId: string; memberId: string; at: string; invitationId?: string }, max: number): Promise<JoinOutcome | 'no-invitation'>;
  /**
   * Takes the member out of the household in one atomic step, as leaveRefusal decides; the next
   * member (withMemberLeft) becomes contact if they were. A household left without members ends.
   */
  leave(householdId: string, memberId: string): Promise<LeaveOutcome>;
  /** Makes the member the household's one contact; false (nothing changed) when they are not in it. */
  setContact(householdId: string, memberId: string): Promise<boolean>;
  /**
   * Stores the invitation unless its invitee is invited into that household already (sameInvitee:
   * the same e-mail, or the same member), or the household has `max` invitations waiting; atomic
   * against both. An invitation without a member (`memberId` null) is stored and counted like any.
   */
  addInvitation(invitation: HouseholdInvitation, max: number): Promise<'invited' | 'already-invited' | 'too-many'>;
  /** The invitation, or null. */
  getInvitation(id: string): Promise<HouseholdInvitation | null>;
  /** The invitations waiting for the member (oldest first); never one without a member. */
  invitationsFor(memberId: string): Promise<HouseholdInvitation[]>;
  /** The household's invitations waiting (oldest first). */
  invitationsOf(householdId: string): Promise<HouseholdInvitation[]>;
  /**
   * The invitations waiting, into any household, to this e-mail (compared as invitationEmail keeps
   * it), oldest first, lapsed ones included; none for an invitation stored without an e-mail.
   */
  invitationsToEmail(email: string): Promise<HouseholdInvitation[]>;
  /** Removes the invitation (declined or withdrawn); false when there was none. */
  removeInvitation(id: string): Promise<boolean>;
  /**
   * Removes every invitation of a person whose data is erased: those to them (`memberId`), to their
   * e-mail (`email`, compared as invitationEmail keeps it; null: none by e-mail), and those they
   * sent (`invitedBy`). Answers how many it removed; another person's invitations stay.
   */
  removeInvitationsOfPerson(memberId: string, email: string | null): Promise<number>;
  /**
   * Removes up to `limit` invitations made before `before` (their createdAt; one made at it stays),
   * oldest first, and answers how many it removed (fewer than `limit`: none is left). The retention
   * run's deletion of lapsed invitations (HOUSEHOLD_INVITATION_DAYS).
   */
  removeInvitationsMadeBefore(before: Date, limit: number): Promise<number>;
  /**
   * Gives every household stored before several members its members: the member whose id it
   * bears, as its contact; returns how many it changed. Only Firestore's can lack them (SQLite
   * migration 0039 did its own). Safe to run again, and on two server instances at once.
   */
  assignMissingMembers(): Promise<number>;
}
