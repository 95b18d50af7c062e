import type { Knex } from 'knex';
import { MEMBER_OPTIONAL_FIELDS, MemberSchema, memberEmailKey, type Member } from '../../core/members/member';
import type { MemberImportExtras, MemberRepository, MemberUpdateExtras, NewHousehold } from '../../core/members/member-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { checkExpectedUpdatedAt, MEMBER_MESSAGES, membersAfterImport, validMember, validNewHousehold, NEW_HOUSEHOLD_TAKEN } from '../member-records';
import { isUniqueViolation } from './sqlite-errors';
import { readRow, writeBoolean } from './sqlite-values';
import { releaseMemberDuties } from './sqlite-member-duty-release';
import { insertIntoOutbox } from './sqlite-outbox';
import { preparedWriteTransaction, writeTransaction } from './sqlite-write-transaction';
import { readInChunks } from './sqlite-in-chunks';

/** The `members` table's columns, as a member record names them. */
export const MEMBER_COLUMNS = [
  'id',
  'name',
  'email',
  'membershipType',
  'renewalDate',
  'disabled',
  'phone',
  'emergencyContactName',
  'emergencyContactPhone',
  'createdAt',
  'updatedAt',
] as const;

/** The member list in the `members` table (migration 0023); `emailKey` (lower-cased e-mail) is unique. */
export class SqliteMemberRepository implements MemberRepository {
  constructor(private readonly db: Knex) {}

  async get(id: string): Promise<Member | null> {
    if (typeof id !== 'string') return null;
    const row = await this.db('members')
      .select(...MEMBER_COLUMNS)
      .where({ id })
      .first();
    return row ? toMember(row) : null;
  }

  async getByEmail(email: string): Promise<Member | null> {
    if (typeof email !== 'string') return null;
    const row = await this.db('members')
      .select(...MEMBER_COLUMNS)
      .where({ emailKey: memberEmailKey(email) })
      .first();
    return row ? toMember(row) : null;
  }

  getMany(ids: readonly string[]): Promise<Member[]> {
    return this.whereIn(
      'id',
      ids.filter((id) => typeof id === 'string'),
    );
  }

  getManyByEmail(emails: readonly string[]): Promise<Member[]> {
    return this.whereIn('emailKey', emails.filter((email) => typeof email === 'string').map(memberEmailKey));
  }

  /** One SELECT per chunk of keys (under SQLite's bound-variable limit): one for a short list. */
  private async whereIn(column: 'id' | 'emailKey', keys: readonly string[]): Promise<Member[]> {
    const rows = await readInChunks(keys, (chunk) =>
      this.db('members')
        .select(...MEMBER_COLUMNS)
        .whereIn(column, chunk),
    );
    return rows.map(toMember);
  }

  async list(): Promise<Member[]> {
    const rows = await this.db('members')
      .select(...MEMBER_COLUMNS)
      .orderBy([
        { column: 'name', order: 'asc' },
        { column: 'emailKey', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return rows.map(toMember);
  }

  async create(member: Member): Promise<void> {
    const row = toRow(validMember(member));
    try {
      await this.db('members').insert(row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        const idTaken = await this.db('members').where({ id: row.id }).first('id');
        throw new ConflictError(idTaken ? MEMBER_MESSAGES.uidTaken : MEMBER_MESSAGES.emailTaken);
      }
      throw error;
    }
  }

  async update(member: Member, also: MemberUpdateExtras = {}): Promise<void> {
    const { id, ...fields } = toRow(validMember(member));
    const release = also.releaseDuties;
    const mail = also.mail ?? [];
    const expected = also.expectedUpdatedAt;
    if (release || mail.length > 0 || expected !== undefined) {
      // One write transaction: the member (as the caller read it), their duties released and the e-mails about them.
      await preparedWriteTransaction(this.db, (writes) => {
        if (expected !== undefined) {
          const stored = writes.statement('SELECT "updatedAt" FROM "members" WHERE id = ?').get(id) as { updatedAt: string } | undefined;
          if (!stored) throw new NotFoundError(MEMBER_MESSAGES.notFound);
          checkExpectedUpdatedAt(stored.updatedAt, expected);
        }
        let updated: number;
        try {
          updated = writes.update('members', id, { id, ...fields });
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError(MEMBER_MESSAGES.emailTaken);
          throw error;
        }
        if (updated === 0) throw new NotFoundError(MEMBER_MESSAGES.notFound);
        if (release) releaseMemberDuties(writes, id, release);
        try {
          insertIntoOutbox(writes, mail);
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError('An outbox message with this id already exists');
          throw error;
        }
      });
      return;
    }
    let changed: number;
    try {
      changed = await this.db('members').where({ id }).update(fields);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(MEMBER_MESSAGES.emailTaken);
      throw error;
    }
    if (changed === 0) throw new NotFoundError(MEMBER_MESSAGES.notFound);
  }

  async importMembers(members: readonly Member[], also: MemberImportExtras = {}): Promise<void> {
    const valid = members.map(validMember);
    const household = also.household ? validNewHousehold(also.household) : null;
    if (valid.length === 0 && !household) return;
    await writeTransaction(this.db, async (trx) => {
      const stored = (await trx('members').select(...MEMBER_COLUMNS)).map(toMember);
      const after = membersAfterImport(stored, valid);
      const storedIds = new Set(stored.map((member) => member.id));
      const given = [...new Set(valid.map((member) => member.id))];
      // Two members may swap e-mails: free the given ones' keys first, so that no row is ever
      // deleted (other tables may refer to a member) and the unique index holds at every step.
      const existing = given.filter((id) => storedIds.has(id));
      for (let start = 0; start < existing.length; start += 500) {
        await trx('members')
          .whereIn('id', existing.slice(start, start + 500))
          .update({ emailKey: trx.raw("'(import) ' || id") });
      }
      for (const id of given) {
        const { id: _id, ...fields } = toRow(after.get(id)!);
        if (storedIds.has(id)) await trx('members').where({ id }).update(fields);
        else await trx('members').insert({ id, ...fields });
      }
      if (household) await insertNewHousehold(trx, household);
    });
  }
}

/**
 * Writes a new household's places and dependants in the import's transaction: ConflictError (the
 * transaction, members included, rolled back) if the household exists, a member is in one, or a
 * dependant's id is taken.
 */
async function insertNewHousehold(trx: Knex.Transaction, household: NewHousehold): Promise<void> {
  const householdId = household.members[0]?.householdId ?? household.people[0]?.memberId;
  if (householdId === undefined) return;
  const exists =
    (await trx('household_members').where({ householdId }).first('memberId')) ?? (await trx('household_people').where({ memberId: householdId }).first('id'));
  if (exists) throw new ConflictError(NEW_HOUSEHOLD_TAKEN);
  try {
    if (household.members.length > 0)
      await trx('household_members').insert(
        household.members.map((m) => ({ memberId: m.memberId, householdId: m.householdId, contact: writeBoolean(m.contact), joinedAt: m.joinedAt })),
      );
    if (household.people.length > 0) await trx('household_people').insert(household.people.map((p) => ({ ...p })));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(NEW_HOUSEHOLD_TAKEN);
    throw error;
  }
}

function toRow(member: Member): Record<string, unknown> & { id: string } {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    emailKey: memberEmailKey(member.email),
    membershipType: member.membershipType,
    renewalDate: member.renewalDate,
    disabled: writeBoolean(member.disabled),
    phone: member.phone ?? null,
    emergencyContactName: member.emergencyContactName ?? null,
    emergencyContactPhone: member.emergencyContactPhone ?? null,
    createdAt: member.createdAt,
    updatedAt: member.updatedAt,
  };
}

function toMember(row: Record<string, unknown>): Member {
  // An optional field not given is null in its column and absent from the member.
  const present = Object.fromEntries(
    Object.entries(row).filter(([name, value]) => !(value === null && (MEMBER_OPTIONAL_FIELDS as readonly string[]).includes(name))),
  );
  return readRow(MemberSchema, present, { booleans: ['disabled'] });
}
