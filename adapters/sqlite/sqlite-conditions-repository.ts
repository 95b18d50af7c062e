import type { Knex } from 'knex';
import type { z } from 'zod';
import { ConditionsLimitsSchema, type ConditionsLimits } from '../../core/conditions/conditions-limits';
import type { ConditionsRepository } from '../../core/conditions/conditions-repository.port';
import { EventConditionsSchema, type EventConditions } from '../../core/conditions/event-conditions';
import { ForecastSchema, type Forecast } from '../../core/conditions/forecast';
import { validRecord } from '../stored-records';

const LIMITS = 'limits';
const FORECAST = 'forecast';
const eventKey = (eventId: string) => `event:${eventId}`;
/** SQLite binds at most 999 values per statement by default; ids are read in chunks well under it. */
const CHUNK = 500;

/** The go/no-go's records in the `conditions` table (migration 0026), one JSON document per key. */
export class SqliteConditionsRepository implements ConditionsRepository {
  constructor(private readonly db: Knex) {}

  async getLimits(): Promise<ConditionsLimits | null> {
    return this.read(LIMITS, ConditionsLimitsSchema);
  }

  async saveLimits(limits: ConditionsLimits): Promise<void> {
    await this.write(LIMITS, validRecord(ConditionsLimitsSchema, limits, 'set of limits'));
  }

  async getForecast(): Promise<Forecast | null> {
    return this.read(FORECAST, ForecastSchema);
  }

  async saveForecast(forecast: Forecast): Promise<void> {
    await this.write(FORECAST, validRecord(ForecastSchema, forecast, 'forecast'));
  }

  async getEvent(eventId: string): Promise<EventConditions | null> {
    if (typeof eventId !== 'string') return null;
    return this.read(eventKey(eventId), EventConditionsSchema);
  }

  async getEvents(eventIds: readonly string[]): Promise<Map<string, EventConditions>> {
    const found = new Map<string, EventConditions>();
    const keys = [...new Set(eventIds)].map(eventKey);
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows: { value: string }[] = await this.db('conditions').select('value').whereIn('key', keys.slice(i, i + CHUNK));
      for (const row of rows) {
        const record = EventConditionsSchema.parse(JSON.parse(row.value));
        found.set(record.eventId, record);
      }
    }
    return found;
  }

  async saveEvent(record: EventConditions): Promise<void> {
    const valid = validRecord(EventConditionsSchema, record, 'event record');
    await this.write(eventKey(valid.eventId), valid);
  }

  private async read<S extends z.ZodType>(key: string, schema: S): Promise<z.output<S> | null> {
    const row: { value: string } | undefined = await this.db('conditions').select('value').where({ key }).first();
    return row ? schema.parse(JSON.parse(row.value)) : null;
  }

  private async write(key: string, value: unknown): Promise<void> {
    await this.db('conditions').insert({ key, value: JSON.stringify(value) }).onConflict('key').merge();
  }
}
