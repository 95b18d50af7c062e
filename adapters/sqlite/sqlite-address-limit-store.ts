import type { Knex } from 'knex';
import type { AddressLimitStore, HoldPlacesResult, PlaceHold } from '../../core/shared/address-limit-store.port';
import { preparedWriteTransaction } from './sqlite-write-transaction';

/** Windows older than this are deleted as hits come in, so the table stays small. */
const KEEP_ENDED_WINDOWS_MS = 24 * 3600 * 1000;

export class SqliteAddressLimitStore implements AddressLimitStore {
  constructor(private readonly db: Knex) {}

  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const nowMs = now.getTime();
    // Read and written under SQLite's write lock: no other hit of any process comes in between.
    return preparedWriteTransaction(this.db, ({ statement }) => {
      statement('DELETE FROM address_hits WHERE resetAtMs < ?').run(nowMs - KEEP_ENDED_WINDOWS_MS);
      const row = statement('SELECT hits, resetAtMs FROM address_hits WHERE key = ?').get(key) as { hits: number; resetAtMs: number | string } | undefined;
      if (row && Number(row.resetAtMs) > nowMs) {
        statement('UPDATE address_hits SET hits = ? WHERE key = ?').run(row.hits + 1, key);
        return { hits: row.hits + 1, resetAt: new Date(Number(row.resetAtMs)) };
      }
      const resetAtMs = nowMs + windowMs;
      statement(
        'INSERT INTO address_hits (key, hits, resetAtMs) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET hits = excluded.hits, resetAtMs = excluded.resetAtMs',
      ).run(key, resetAtMs);
      return { hits: 1, resetAt: new Date(resetAtMs) };
    });
  }

  async unhit(key: string): Promise<void> {
    await this.db('address_hits').where({ key }).andWhere('hits', '>', 0).decrement('hits', 1);
  }

  async reset(key: string): Promise<void> {
    await this.db('address_hits').where({ key }).delete();
  }

  async holdPlaces(key: string, hold: PlaceHold, limit: { max: number; now: Date }): Promise<HoldPlacesResult> {
    const nowMs = limit.now.getTime();
    return preparedWriteTransaction(this.db, ({ statement }) => {
      statement('DELETE FROM address_place_holds WHERE key = ? AND untilMs <= ?').run(key, nowMs);
      const row = statement('SELECT SUM(places) AS places FROM address_place_holds WHERE key = ?').get(key) as { places: number | null } | undefined;
      const placesHeld = Number(row?.places ?? 0);
      if (placesHeld + hold.places > limit.max) return { held: false, placesHeld };
      statement('INSERT INTO address_place_holds (key, id, places, untilMs) VALUES (?, ?, ?, ?)').run(key, hold.id, hold.places, hold.until.getTime());
      return { held: true };
    });
  }

  async releasePlaces(key: string, holdId: string): Promise<void> {
    await this.db('address_place_holds').where({ key, id: holdId }).delete();
  }
}
