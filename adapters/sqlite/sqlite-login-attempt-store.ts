import type { Knex } from 'knex';
import type { LoginAttemptStore } from '../../core/ports/login-attempt-store';

export class SqliteLoginAttemptStore implements LoginAttemptStore {
  constructor(private readonly db: Knex) {}

  async recordFailure(keys: string[], at: Date): Promise<void> {
    // One failed attempt counts once per key, even if a caller names a key twice.
    const rows = [...new Set(keys)].map((key) => ({ key, atMs: at.getTime() }));
    if (rows.length > 0) await this.db('login_failures').insert(rows);
  }

  async countSince(key: string, since: Date): Promise<number> {
    const row = await this.db('login_failures')
      .where({ key })
      .andWhere('atMs', '>=', since.getTime())
      .count({ n: '*' })
      .first();
    return Number(row?.n ?? 0);
  }

  async clear(key: string): Promise<void> {
    await this.db('login_failures').where({ key }).delete();
  }
}
