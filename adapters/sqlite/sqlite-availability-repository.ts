import type { Knex } from 'knex';
import type { MemberAvailability } from '../../core/duties/availability';
import type { AvailabilityRepository } from '../../core/duties/availability-repository.port';
import { byAvailabilityMember, validAvailability } from '../availability-records';

const TABLE = 'member_availability';

interface Row {
  memberId: string;
  seasonStart: string;
  unavailable: string;
  wishes: string;
  updatedAt: string;
}

/** Members' availability in `member_availability` (migration 0054): one row per member and season. */
export class SqliteAvailabilityRepository implements AvailabilityRepository {
  constructor(private readonly db: Knex) {}

  async get(memberId: string, seasonStart: string): Promise<MemberAvailability | null> {
    const row = (await this.db(TABLE).where({ memberId, seasonStart }).first()) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  async listSeason(seasonStart: string): Promise<MemberAvailability[]> {
    const rows = (await this.db(TABLE).where({ seasonStart })) as Row[];
    return rows.map(fromRow).sort(byAvailabilityMember);
  }

  async put(record: MemberAvailability): Promise<void> {
    const valid = validAvailability(record);
    // One statement: the season's record is replaced whole.
    await this.db(TABLE)
      .insert({ ...valid, unavailable: JSON.stringify(valid.unavailable), wishes: JSON.stringify(valid.wishes) })
      .onConflict(['memberId', 'seasonStart'])
      .merge();
  }

  async removeMember(memberId: string): Promise<number> {
    return this.db(TABLE).where({ memberId }).delete();
  }

  async removeSeasonsBefore(seasonStart: string, limit: number): Promise<number> {
    // One statement: the page is chosen and deleted together.
    return this.db(TABLE)
      .whereIn('rowid', this.db(TABLE).select('rowid').where('seasonStart', '<', seasonStart).limit(limit))
      .delete();
  }
}

function fromRow(row: Row): MemberAvailability {
  return validAvailability({ ...row, unavailable: JSON.parse(row.unavailable) as unknown, wishes: JSON.parse(row.wishes) as unknown });
}
