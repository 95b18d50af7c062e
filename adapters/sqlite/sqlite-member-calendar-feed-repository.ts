import type { Knex } from 'knex';
import type { MemberCalendarFeedRepository } from '../../core/my-club/member-calendar-feed-repository.port';

const TABLE = 'member_calendar_feeds';

/** The members' feed secrets in `member_calendar_feeds` (migration 0031): one row per member, the secret unique. */
export class SqliteMemberCalendarFeedRepository implements MemberCalendarFeedRepository {
  constructor(private readonly db: Knex) {}

  async secretOf(memberId: string): Promise<string | null> {
    const row = await this.db(TABLE).where({ memberId }).first('secret');
    return row ? String(row.secret) : null;
  }

  async memberOf(secret: string): Promise<string | null> {
    const row = await this.db(TABLE).where({ secret }).first('memberId');
    return row ? String(row.memberId) : null;
  }

  async replace(memberId: string, secret: string, at: Date): Promise<void> {
    // One statement: the old secret goes as the new one comes.
    await this.db(TABLE).insert({ memberId, secret, createdAt: at.toISOString() }).onConflict('memberId').merge();
  }
}
