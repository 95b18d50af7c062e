import type { Knex } from 'knex';
import { HouseholdPersonSchema, type HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { byHouseholdOrder, validHouseholdPerson } from '../stored-records';
import { isUniqueViolation } from './sqlite-errors';
import { preparedWriteTransaction } from './sqlite-write-transaction';

const COLUMNS = ['id', 'memberId', 'name', 'kind', 'yearOfBirth', 'createdAt', 'updatedAt'] as const;

/** The members' household people in the `household_people` table (migration 0025), one row per person. */
export class SqliteHouseholdRepository implements HouseholdRepository {
  constructor(private readonly db: Knex) {}

  async listForMember(memberId: string): Promise<HouseholdPerson[]> {
    if (typeof memberId !== 'string') return [];
    const rows: unknown[] = await this.db('household_people').select(...COLUMNS).where({ memberId });
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
}
