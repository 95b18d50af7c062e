import {
  joinRefusal,
  leaveRefusal,
  withContact,
  withMemberJoined,
  withMemberLeft,
  type CurrentHousehold,
  type HouseholdMembership,
  type JoinOutcome,
  type LeaveOutcome,
} from '../core/members/household-membership';

/**
 * A store of households that reads and writes at once, inside whatever makes a change whole
 * (memory; SQLite's write transaction): what the changes below need of it. Firestore's
 * transactions read everything before they write, so its adapter applies the rules itself.
 */
export interface HouseholdWrites {
  /** The member's household as the join and leave rules read it, or null. */
  current(memberId: string): CurrentHousehold | null;
  /** The household's members, in join order. */
  members(householdId: string): HouseholdMembership[];
  /** Whether the invitation is there, to this member and this household. */
  hasInvitation(invitationId: string, memberId: string, householdId: string): boolean;
  removeMembership(memberId: string): void;
  /** Writes the household's members as `after` says, where `before` is what is stored. */
  replaceMembers(householdId: string, before: readonly HouseholdMembership[], after: readonly HouseholdMembership[]): void;
  /** Removes the invitations to the member. */
  removeInvitationsTo(memberId: string): void;
}

/** HouseholdRepository.join over such a store: the core's rule decides, then its answer is written. */
export function joinHousehold(
  writes: HouseholdWrites,
  input: { householdId: string; memberId: string; at: string; invitationId?: string },
  max: number,
): JoinOutcome | 'no-invitation' {
  const { householdId, memberId, at, invitationId } = input;
  if (invitationId !== undefined && !writes.hasInvitation(invitationId, memberId, householdId)) return 'no-invitation';
  const current = writes.current(memberId);
  const members = writes.members(householdId);
  const refusal = joinRefusal(current, householdId, members, max);
  if (refusal) return refusal;
  if (current) writes.removeMembership(memberId);
  writes.replaceMembers(householdId, members, withMemberJoined(members, householdId, memberId, at));
  writes.removeInvitationsTo(memberId);
  return 'joined';
}

/** HouseholdRepository.leave over such a store. */
export function leaveHousehold(writes: HouseholdWrites, householdId: string, memberId: string): LeaveOutcome {
  const refusal = leaveRefusal(writes.current(memberId), householdId);
  if (refusal) return refusal;
  const members = writes.members(householdId);
  writes.removeMembership(memberId);
  writes.replaceMembers(householdId, members, withMemberLeft(members, memberId));
  return 'left';
}

/** HouseholdRepository.setContact over such a store. */
export function setHouseholdContact(writes: HouseholdWrites, householdId: string, memberId: string): boolean {
  const members = writes.members(householdId);
  const changed = withContact(members, memberId);
  if (!changed) return false;
  writes.replaceMembers(householdId, members, changed);
  return true;
}
