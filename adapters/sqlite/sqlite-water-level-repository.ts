import type { Knex } from 'knex';
import { WaterLevelReadingSchema, type WaterLevelReading } from '../../core/water-levels/water-level';
import type { WaterLevelRepository } from '../../core/water-levels/water-level-repository.port';

/** Rows per insert statement, well under SQLite's limit of bound parameters. */
const BATCH_SIZE = 400;

export class SqliteWaterLevelRepository implements WaterLevelRepository {
  constructor(private readonly db: Knex) {}

  async readings(from: string, to: string): Promise<WaterLevelReading[]> {
    // ISO dates (YYYY-MM-DD) order as text in date order.
    const rows = await this.db('water_levels').select('date', 'percentFull').where('date', '>=', from).andWhere('date', '<=', to).orderBy('date', 'asc');
    return rows.map((row) => WaterLevelReadingSchema.parse(row));
  }

  async putMany(readings: WaterLevelReading[]): Promise<void> {
    if (readings.length === 0) return;
    readings = readings.map((reading) => WaterLevelReadingSchema.parse(reading));
    // A later reading of the same date wins, as it would if they were stored one by one.
    const byDate = new Map(readings.map((reading) => [reading.date, reading.percentFull]));
    const rows = [...byDate].map(([date, percentFull]) => ({ date, percentFull }));
    // One transaction: a row refused part-way (say a percentage that is not a number) undoes the rows before it.
    await this.db.transaction(async (trx) => {
      for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        await trx('water_levels')
          .insert(rows.slice(start, start + BATCH_SIZE))
          .onConflict('date')
          .merge();
      }
    });
  }

  async add(reading: WaterLevelReading): Promise<boolean> {
    const { date, percentFull } = WaterLevelReadingSchema.parse(reading);
    // The date is the primary key: of two admins adding the same date at once, one gets false.
    const inserted = await this.db('water_levels').insert({ date, percentFull }).onConflict('date').ignore().returning('date');
    return inserted.length === 1;
  }

  async delete(date: string): Promise<boolean> {
    return (await this.db('water_levels').where({ date }).delete()) > 0;
  }
}
