import type { Knex } from 'knex';
import type { AttemptHistory, LoginAttemptStore, ReserveAttemptRequest } from '../../core/admins/login-attempt-store.port';
import { writeTransaction } from './sqlite-write-transaction';

/** Attempts in `login_failures`, one row per attempt and key; a reservation is its rows' ids. */
export class SqliteLoginAttemptStore implements LoginAttemptStore {
  constructor(private readonly db: Knex) {}

  async reserve(request: ReserveAttemptRequest): Promise<string | null> {
    const keys = [...new Set(request.keys)];
    // The count and the new rows are one write transaction: SQLite's write lock keeps every
    // other reservation (of this process or another) out between them.
    return writeTransaction(this.db, async (trx) => {
      const history: Record<string, AttemptHistory> = {};
      for (const key of keys) {
        const row = (await trx('login_failures')
          .where({ key })
          .andWhere('atMs', '>=', request.since.getTime())
          .count({ n: '*' })
          .max({ last: 'atMs' })
          .first()) as { n: number | string; last: number | string | null } | undefined;
        const count = Number(row?.n ?? 0);
        history[key] = { count, lastAt: count > 0 && row?.last != null ? new Date(Number(row.last)) : null };
      }
      if (!request.allow(history)) return null;
      const ids: number[] = [];
      for (const key of keys) {
        const [id] = await trx('login_failures').insert({ key, atMs: request.at.getTime() });
        ids.push(Number(id));
      }
      return ids.join(',');
    });
  }

  async release(reservation: string): Promise<void> {
    if (!/^\d+(,\d+)*$/.test(reservation)) return;
    await this.db('login_failures').whereIn('id', reservation.split(',').map(Number)).delete();
  }

  async recordFailure(keys: string[], at: Date): Promise<void> {
    // One failed attempt counts once per key, even if a caller names a key twice.
    const rows = [...new Set(keys)].map((key) => ({ key, atMs: at.getTime() }));
    if (rows.length > 0) await this.db('login_failures').insert(rows);
  }

  async countSince(key: string, since: Date): Promise<number> {
    const row = await this.db('login_failures').where({ key }).andWhere('atMs', '>=', since.getTime()).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async clear(key: string): Promise<void> {
    await this.db('login_failures').where({ key }).delete();
  }

  async forgetKeysStartingWith(prefix: string): Promise<number> {
    if (prefix === '') throw new TypeError('A prefix is needed');
    // A range, not LIKE: a key's own % or _ are no wildcards, and the key index serves it.
    return this.db('login_failures').where('key', '>=', prefix).where('key', '<', `${prefix}\u{10FFFF}`).delete();
  }
}
