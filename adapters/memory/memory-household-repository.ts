import type { HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import type { NewHousehold } from '../../core/members/member-repository.port';
import { NEW_HOUSEHOLD_TAKEN } from '../member-records';
import {
  invitationEmail,
  byHouseholdThenJoinOrder,
  byJoinOrder,
  sameInvitee,
  type CurrentHousehold,
  type HouseholdInvitation,
  type HouseholdMembership,
  type JoinOutcome,
  type LeaveOutcome,
} from '../../core/members/household-membership';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { joinHousehold, leaveHousehold, setHouseholdContact, type HouseholdWrites } from '../household-changes';
import { byHouseholdOrder, byInvitationOrder, validHouseholdInvitation, validHouseholdPerson } from '../stored-records';

/** The households in memory: people by id, members by member id, invitations by id (tests, and the contract's reference). */
export class MemoryHouseholdRepository implements HouseholdRepository {
  private readonly people = new Map<string, HouseholdPerson>();
  private readonly memberships = new Map<string, HouseholdMembership>();
  private readonly invitations = new Map<string, HouseholdInvitation>();
  private readonly writes: HouseholdWrites = {
    current: (memberId) => this.current(memberId),
    members: (householdId) => this.members(householdId),
    hasInvitation: (invitationId, memberId, householdId) => {
      const invitation = this.invitations.get(invitationId);
      return invitation !== undefined && invitation.memberId === memberId && invitation.householdId === householdId;
    },
    removeMembership: (memberId) => this.memberships.delete(memberId),
    replaceMembers: (householdId, _before, after) => this.setMembers(householdId, after),
    removeInvitationsTo: (memberId) => {
      for (const invitation of [...this.invitations.values()]) if (invitation.memberId === memberId) this.invitations.delete(invitation.id);
    },
  };

  /** Throws ConflictError, changing nothing, when the new household cannot be written (MemberRepository.importMembers). */
  checkNewHousehold(household: NewHousehold): void {
    const householdId = household.members[0]?.householdId ?? household.people[0]?.memberId;
    const taken =
      this.members(householdId ?? '').length > 0 ||
      [...this.people.values()].some((p) => p.memberId === householdId) ||
      household.members.some((m) => this.memberships.has(m.memberId)) ||
      household.people.some((p) => this.people.has(p.id));
    if (taken) throw new ConflictError(NEW_HOUSEHOLD_TAKEN);
  }

  /** Writes a new household checked with checkNewHousehold, without yielding (atomic with the members imported). */
  addNewHousehold(household: NewHousehold): void {
    for (const m of household.members) this.memberships.set(m.memberId, { ...m });
    for (const p of household.people) this.people.set(p.id, { ...p });
  }

  async listForMember(memberId: string): Promise<HouseholdPerson[]> {
    return [...this.people.values()]
      .filter((person) => person.memberId === memberId)
      .sort(byHouseholdOrder)
      .map((person) => ({ ...person }));
  }

  async add(person: HouseholdPerson, max: number): Promise<{ added: boolean }> {
    const valid = validHouseholdPerson(person);
    if (this.people.has(valid.id)) throw new ConflictError('A household person with this id already exists');
    const count = [...this.people.values()].filter((p) => p.memberId === valid.memberId).length;
    if (count >= max) return { added: false };
    this.people.set(valid.id, { ...valid });
    return { added: true };
  }

  async update(person: HouseholdPerson): Promise<void> {
    const valid = validHouseholdPerson(person);
    const stored = this.people.get(valid.id);
    if (!stored || stored.memberId !== valid.memberId) throw new NotFoundError('Household person not found');
    this.people.set(valid.id, { ...stored, name: valid.name, kind: valid.kind, yearOfBirth: valid.yearOfBirth, updatedAt: valid.updatedAt });
  }

  async remove(memberId: string, personId: string): Promise<boolean> {
    const stored = this.people.get(personId);
    if (!stored || stored.memberId !== memberId) return false;
    return this.people.delete(personId);
  }

  async assignMissingMembers(): Promise<number> {
    // Households in memory are made by this version.
    return 0;
  }

  async membershipOf(memberId: string): Promise<HouseholdMembership | null> {
    const found = this.memberships.get(memberId);
    return found ? { ...found } : null;
  }

  async membersOf(householdId: string): Promise<HouseholdMembership[]> {
    return this.members(householdId).map((m) => ({ ...m }));
  }

  async listMemberships(): Promise<HouseholdMembership[]> {
    return [...this.memberships.values()].map((m) => ({ ...m })).sort(byHouseholdThenJoinOrder);
  }

  async join(input: { householdId: string; memberId: string; at: string; invitationId?: string }, max: number): Promise<JoinOutcome | 'no-invitation'> {
    return joinHousehold(this.writes, input, max);
  }

  async leave(householdId: string, memberId: string): Promise<LeaveOutcome> {
    return leaveHousehold(this.writes, householdId, memberId);
  }

  async setContact(householdId: string, memberId: string): Promise<boolean> {
    return setHouseholdContact(this.writes, householdId, memberId);
  }

  async addInvitation(invitation: HouseholdInvitation, max: number): Promise<'invited' | 'already-invited' | 'too-many'> {
    const valid = validHouseholdInvitation(invitation);
    const waiting = [...this.invitations.values()].filter((i) => i.householdId === valid.householdId);
    if (waiting.some((i) => sameInvitee(i, valid))) return 'already-invited';
    if (waiting.length >= max) return 'too-many';
    this.invitations.set(valid.id, { ...valid });
    return 'invited';
  }

  async getInvitation(id: string): Promise<HouseholdInvitation | null> {
    const found = this.invitations.get(id);
    return found ? { ...found } : null;
  }

  async invitationsFor(memberId: string): Promise<HouseholdInvitation[]> {
    return [...this.invitations.values()]
      .filter((i) => i.memberId === memberId)
      .sort(byInvitationOrder)
      .map((i) => ({ ...i }));
  }

  async invitationsOf(householdId: string): Promise<HouseholdInvitation[]> {
    return [...this.invitations.values()]
      .filter((i) => i.householdId === householdId)
      .sort(byInvitationOrder)
      .map((i) => ({ ...i }));
  }

  async invitationsToEmail(email: string): Promise<HouseholdInvitation[]> {
    if (typeof email !== 'string') return [];
    const key = invitationEmail(email);
    return [...this.invitations.values()]
      .filter((i) => i.email === key)
      .sort(byInvitationOrder)
      .map((i) => ({ ...i }));
  }

  async removeInvitation(id: string): Promise<boolean> {
    return this.invitations.delete(id);
  }

  async removeInvitationsOfPerson(memberId: string, email: string | null): Promise<number> {
    const key = email === null ? null : invitationEmail(email);
    const theirs = [...this.invitations.values()].filter((i) => i.memberId === memberId || i.invitedBy === memberId || (key !== null && i.email === key));
    for (const invitation of theirs) this.invitations.delete(invitation.id);
    return theirs.length;
  }

  async removeInvitationsMadeBefore(before: Date, limit: number): Promise<number> {
    const old = [...this.invitations.values()]
      .filter((i) => Date.parse(i.createdAt) < before.getTime())
      .sort(byInvitationOrder)
      .slice(0, limit);
    for (const invitation of old) this.invitations.delete(invitation.id);
    return old.length;
  }

  private members(householdId: string): HouseholdMembership[] {
    return [...this.memberships.values()].filter((m) => m.householdId === householdId).sort(byJoinOrder);
  }

  private setMembers(householdId: string, members: readonly HouseholdMembership[]): void {
    for (const m of this.members(householdId)) this.memberships.delete(m.memberId);
    for (const m of members) this.memberships.set(m.memberId, { ...m });
  }

  private current(memberId: string): CurrentHousehold | null {
    const membership = this.memberships.get(memberId);
    if (!membership) return null;
    const dependants = [...this.people.values()].filter((p) => p.memberId === membership.householdId).length;
    return { membership, members: this.members(membership.householdId).length, dependants };
  }
}
