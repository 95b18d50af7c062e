import type { HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import {
  invitationEmail,
  byJoinOrder,
  joinRefusal,
  sameInvitee,
  leaveRefusal,
  withContact,
  withMemberJoined,
  withMemberLeft,
  type CurrentHousehold,
  type HouseholdInvitation,
  type HouseholdMembership,
  type JoinOutcome,
  type LeaveOutcome,
} from '../../core/members/household-membership';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { byHouseholdOrder, byInvitationOrder, validHouseholdInvitation, validHouseholdPerson } from '../stored-records';

/** The households in memory: people by id, members by member id, invitations by id (tests, and the contract's reference). */
export class MemoryHouseholdRepository implements HouseholdRepository {
  private readonly people = new Map<string, HouseholdPerson>();
  private readonly memberships = new Map<string, HouseholdMembership>();
  private readonly invitations = new Map<string, HouseholdInvitation>();

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

  async join(input: { householdId: string; memberId: string; at: string; invitationId?: string }, max: number): Promise<JoinOutcome | 'no-invitation'> {
    if (input.invitationId !== undefined) {
      const invitation = this.invitations.get(input.invitationId);
      if (!invitation || invitation.memberId === null || invitation.memberId !== input.memberId || invitation.householdId !== input.householdId) return 'no-invitation';
    }
    const current = this.current(input.memberId);
    const members = this.members(input.householdId);
    const refusal = joinRefusal(current, input.householdId, members, max);
    if (refusal) return refusal;
    if (current) this.memberships.delete(input.memberId);
    this.setMembers(input.householdId, withMemberJoined(members, input.householdId, input.memberId, input.at));
    for (const invitation of [...this.invitations.values()]) if (invitation.memberId === input.memberId) this.invitations.delete(invitation.id);
    return 'joined';
  }

  async leave(householdId: string, memberId: string): Promise<LeaveOutcome> {
    const refusal = leaveRefusal(this.current(memberId), householdId);
    if (refusal) return refusal;
    const members = this.members(householdId);
    this.memberships.delete(memberId);
    this.setMembers(householdId, withMemberLeft(members, memberId));
    return 'left';
  }

  async setContact(householdId: string, memberId: string): Promise<boolean> {
    const changed = withContact(this.members(householdId), memberId);
    if (!changed) return false;
    this.setMembers(householdId, changed);
    return true;
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
    return [...this.invitations.values()].filter((i) => i.memberId === memberId).sort(byInvitationOrder).map((i) => ({ ...i }));
  }

  async invitationsOf(householdId: string): Promise<HouseholdInvitation[]> {
    return [...this.invitations.values()].filter((i) => i.householdId === householdId).sort(byInvitationOrder).map((i) => ({ ...i }));
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
    const old = [...this.invitations.values()].filter((i) => Date.parse(i.createdAt) < before.getTime()).sort(byInvitationOrder).slice(0, limit);
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
