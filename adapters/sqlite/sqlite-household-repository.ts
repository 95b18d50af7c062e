import type { Knex } from 'knex';
import { HouseholdPersonSchema, type HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import {
  invitationEmail,
  byHouseholdThenJoinOrder,
  byJoinOrder,
  HouseholdInvitationSchema,
  HouseholdMembershipSchema,
  type CurrentHousehold,
  type HouseholdInvitation,
  type HouseholdMembership,
  type JoinOutcome,
  type LeaveOutcome,
} from '../../core/members/household-membership';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { joinHousehold, leaveHousehold, setHouseholdContact, type HouseholdWrites } from '../household-changes';
import { byHouseholdOrder, byInvitationOrder, validHouseholdInvitation, validHouseholdPerson } from '../stored-records';
import type { PreparedWrites } from './sqlite-write-transaction';
import { isUniqueViolation } from './sqlite-errors';
import { preparedWriteTransaction } from './sqlite-write-transaction';

const COLUMNS = ['id', 'memberId', 'name', 'kind', 'yearOfBirth', 'createdAt', 'updatedAt'] as const;

/**
 * Households: their people in `household_people` (migration 0025, one row per person, keyed by the
 * household's id), their members in `household_members` and the invitations waiting in
 * `household_invitations` (migration 0039). Each change of members is one write transaction
 * (BEGIN IMMEDIATE) that reads what the rule decides on and writes its answer.
 */
export class SqliteHouseholdRepository implements HouseholdRepository {
  constructor(private readonly db: Knex) {}

  async listForMember(memberId: string): Promise<HouseholdPerson[]> {
    if (typeof memberId !== 'string') return [];
    const rows: unknown[] = await this.db('household_people')
      .select(...COLUMNS)
      .where({ memberId });
    // At most a dozen rows: ordered here, by instant, whatever offset their texts were written with.
    return rows.map((row) => HouseholdPersonSchema.parse(row)).sort(byHouseholdOrder);
  }

  async add(person: HouseholdPerson, max: number): Promise<{ added: boolean }> {
    const row = validHouseholdPerson(person);
    try {
      // The count and the insert under one write lock: adds at once never pass `max` together.
      return await preparedWriteTransaction(this.db, ({ statement, insert }) => {
        if (statement('SELECT 1 FROM household_people WHERE id = ?').get(row.id)) throw new ConflictError('A household person with this id already exists');
        const { count } = statement('SELECT COUNT(*) AS count FROM household_people WHERE memberId = ?').get(row.memberId) as { count: number };
        if (count >= max) return { added: false };
        insert('household_people', [row]);
        return { added: true };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A household person with this id already exists');
      throw error;
    }
  }

  async update(person: HouseholdPerson): Promise<void> {
    const { id, memberId, name, kind, yearOfBirth, updatedAt } = validHouseholdPerson(person);
    const changed = await this.db('household_people').where({ id, memberId }).update({ name, kind, yearOfBirth, updatedAt });
    if (changed === 0) throw new NotFoundError('Household person not found');
  }

  async remove(memberId: string, personId: string): Promise<boolean> {
    if (typeof memberId !== 'string' || typeof personId !== 'string') return false;
    return (await this.db('household_people').where({ id: personId, memberId }).delete()) > 0;
  }

  async assignMissingMembers(): Promise<number> {
    // Migration 0039 made each member with dependants the contact of their household.
    return 0;
  }

  async membershipOf(memberId: string): Promise<HouseholdMembership | null> {
    if (typeof memberId !== 'string') return null;
    const row: unknown = await this.db('household_members').select('*').where({ memberId }).first();
    return row ? toMembership(row) : null;
  }

  async membersOf(householdId: string): Promise<HouseholdMembership[]> {
    if (typeof householdId !== 'string') return [];
    const rows: unknown[] = await this.db('household_members').select('*').where({ householdId });
    return rows.map(toMembership).sort(byJoinOrder);
  }

  async listMemberships(): Promise<HouseholdMembership[]> {
    const rows: unknown[] = await this.db('household_members').select('*');
    return rows.map(toMembership).sort(byHouseholdThenJoinOrder);
  }

  async join(input: { householdId: string; memberId: string; at: string; invitationId?: string }, max: number): Promise<JoinOutcome | 'no-invitation'> {
    return preparedWriteTransaction(this.db, (writes) => joinHousehold(householdWrites(writes), input, max));
  }

  async leave(householdId: string, memberId: string): Promise<LeaveOutcome> {
    return preparedWriteTransaction(this.db, (writes) => leaveHousehold(householdWrites(writes), householdId, memberId));
  }

  async setContact(householdId: string, memberId: string): Promise<boolean> {
    return preparedWriteTransaction(this.db, (writes) => setHouseholdContact(householdWrites(writes), householdId, memberId));
  }

  async addInvitation(invitation: HouseholdInvitation, max: number): Promise<'invited' | 'already-invited' | 'too-many'> {
    const row = validHouseholdInvitation(invitation);
    return preparedWriteTransaction(this.db, ({ statement, insert }) => {
      // sameInvitee: the same e-mail or the same member (NULL matches nothing in SQL, as there).
      if (statement('SELECT 1 FROM household_invitations WHERE householdId = ? AND (email = ? OR memberId = ?)').get(row.householdId, row.email, row.memberId))
        return 'already-invited';
      const { count } = statement('SELECT COUNT(*) AS count FROM household_invitations WHERE householdId = ?').get(row.householdId) as { count: number };
      if (count >= max) return 'too-many';
      insert('household_invitations', [row]);
      return 'invited';
    });
  }

  async getInvitation(id: string): Promise<HouseholdInvitation | null> {
    if (typeof id !== 'string') return null;
    const row: unknown = await this.db('household_invitations').select('*').where({ id }).first();
    return row ? HouseholdInvitationSchema.parse(row) : null;
  }

  async invitationsFor(memberId: string): Promise<HouseholdInvitation[]> {
    return this.invitations({ memberId });
  }

  async invitationsOf(householdId: string): Promise<HouseholdInvitation[]> {
    return this.invitations({ householdId });
  }

  async invitationsToEmail(email: string): Promise<HouseholdInvitation[]> {
    if (typeof email !== 'string') return [];
    return this.invitations({ email: invitationEmail(email) });
  }

  async removeInvitation(id: string): Promise<boolean> {
    if (typeof id !== 'string') return false;
    return (await this.db('household_invitations').where({ id }).delete()) > 0;
  }

  async removeInvitationsOfPerson(memberId: string, email: string | null): Promise<number> {
    if (typeof memberId !== 'string') return 0;
    const key = typeof email === 'string' ? invitationEmail(email) : null;
    return this.db('household_invitations')
      .where((q) => {
        q.where({ memberId }).orWhere({ invitedBy: memberId });
        if (key !== null) q.orWhere({ email: key });
      })
      .delete();
  }

  async removeInvitationsMadeBefore(before: Date, limit: number): Promise<number> {
    // createdAt is an ISO instant of fixed width (InstantSchema), so text order is time order.
    const ids = (
      await this.db('household_invitations')
        .select('id')
        .where('createdAt', '<', before.toISOString())
        .orderBy([{ column: 'createdAt' }, { column: 'id' }])
        .limit(limit)
    ).map((row: { id: string }) => row.id);
    if (ids.length === 0) return 0;
    return this.db('household_invitations').whereIn('id', ids).delete();
  }

  private async invitations(where: { memberId: string } | { householdId: string } | { email: string }): Promise<HouseholdInvitation[]> {
    if (Object.values(where).some((value) => typeof value !== 'string')) return [];
    const rows: unknown[] = await this.db('household_invitations').select('*').where(where);
    return rows.map((row) => HouseholdInvitationSchema.parse(row)).sort(byInvitationOrder);
  }
}

function toMembership(row: unknown): HouseholdMembership {
  const { contact, ...rest } = row as Record<string, unknown>;
  return HouseholdMembershipSchema.parse({ ...rest, contact: contact === 1 || contact === true });
}

function membersIn(writes: PreparedWrites, householdId: string): HouseholdMembership[] {
  return writes.statement('SELECT * FROM household_members WHERE householdId = ?').all(householdId).map(toMembership).sort(byJoinOrder);
}

function currentHousehold(writes: PreparedWrites, memberId: string): CurrentHousehold | null {
  const row = writes.statement('SELECT * FROM household_members WHERE memberId = ?').get(memberId);
  if (!row) return null;
  const membership = toMembership(row);
  const { members } = writes.statement('SELECT COUNT(*) AS members FROM household_members WHERE householdId = ?').get(membership.householdId) as {
    members: number;
  };
  const { dependants } = writes.statement('SELECT COUNT(*) AS dependants FROM household_people WHERE memberId = ?').get(membership.householdId) as {
    dependants: number;
  };
  return { membership, members, dependants };
}

/** The household changes' store inside one write transaction. */
function householdWrites(writes: PreparedWrites): HouseholdWrites {
  return {
    current: (memberId) => currentHousehold(writes, memberId),
    members: (householdId) => membersIn(writes, householdId),
    hasInvitation: (invitationId, memberId, householdId) =>
      writes.statement('SELECT 1 FROM household_invitations WHERE id = ? AND memberId = ? AND householdId = ?').get(invitationId, memberId, householdId) !==
      undefined,
    removeMembership: (memberId) => writes.statement('DELETE FROM household_members WHERE memberId = ?').run(memberId),
    replaceMembers: (householdId, before, after) => replaceMembers(writes, householdId, before, after),
    removeInvitationsTo: (memberId) => writes.statement('DELETE FROM household_invitations WHERE memberId = ?').run(memberId),
  };
}

/** Writes the household's members as `after` says, where `before` is what is stored. */
function replaceMembers(writes: PreparedWrites, householdId: string, before: readonly HouseholdMembership[], after: readonly HouseholdMembership[]): void {
  const kept = new Set(after.map((m) => m.memberId));
  for (const m of before) if (!kept.has(m.memberId)) writes.statement('DELETE FROM household_members WHERE memberId = ?').run(m.memberId);
  for (const m of after) {
    writes
      .statement(
        'INSERT INTO household_members (memberId, householdId, contact, joinedAt) VALUES (?, ?, ?, ?) ON CONFLICT(memberId) DO UPDATE SET householdId = excluded.householdId, contact = excluded.contact, joinedAt = excluded.joinedAt',
      )
      .run(m.memberId, householdId, m.contact ? 1 : 0, m.joinedAt);
  }
}
