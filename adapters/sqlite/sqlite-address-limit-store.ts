import type { Knex } from 'knex';
import type { AddressLimitStore, HoldPlacesResult, PlaceHold } from '../../core/ports/address-limit-store';
import { writeTransaction } from './sqlite-write-transaction';

/** Windows older than this are deleted as hits come in, so the table stays small. */
const KEEP_ENDED_WINDOWS_MS = 24 * 3600 * 1000;

export class SqliteAddressLimitStore implements AddressLimitStore {
  constructor(private readonly db: Knex) {}

  async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; resetAt: Date }> {
    const nowMs = now.getTime();
    // Read and written under SQLite's write lock: no other hit of any process comes in between.
    return writeTransaction(this.db, async (trx) => {
      await trx('address_hits').where('resetAtMs', '<', nowMs - KEEP_ENDED_WINDOWS_MS).delete();
      const row = (await trx('address_hits').where({ key }).first()) as { hits: number; resetAtMs: number | string } | undefined;
      if (row && Number(row.resetAtMs) > nowMs) {
        await trx('address_hits').where({ key }).update({ hits: row.hits + 1 });
        return { hits: row.hits + 1, resetAt: new Date(Number(row.resetAtMs)) };
      }
      const resetAtMs = nowMs + windowMs;
      await trx('address_hits').insert({ key, hits: 1, resetAtMs }).onConflict('key').merge();
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
    return writeTransaction(this.db, async (trx) => {
      await trx('address_place_holds').where({ key }).andWhere('untilMs', '<=', nowMs).delete();
      const row = await trx('address_place_holds').where({ key }).sum({ places: 'places' }).first();
      const placesHeld = Number(row?.places ?? 0);
      if (placesHeld + hold.places > limit.max) return { held: false, placesHeld };
      await trx('address_place_holds').insert({ key, id: hold.id, places: hold.places, untilMs: hold.until.getTime() });
      return { held: true };
    });
  }

  async releasePlaces(key: string, holdId: string): Promise<void> {
    await this.db('address_place_holds').where({ key, id: holdId }).delete();
  }
}
