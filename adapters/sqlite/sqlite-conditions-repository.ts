import type { Knex } from 'knex';
import type { ConditionsLimits } from '../../core/conditions/conditions-limits';
import type { ConditionsRepository } from '../../core/conditions/conditions-repository.port';
import type { EventConditions } from '../../core/conditions/event-conditions';
import type { Forecast } from '../../core/conditions/forecast';
import { conditionsFromJson, validConditions, type ConditionsKind, type ConditionsRecord } from '../conditions-records';

const eventKey = (eventId: string) => `event:${eventId}`;
/** SQLite binds at most 999 values per statement by default; ids are read in chunks well under it. */
const CHUNK = 500;

/** The go/no-go's records in the `conditions` table (migration 0026), one JSON document per key. */
export class SqliteConditionsRepository implements ConditionsRepository {
  constructor(private readonly db: Knex) {}

  async getLimits(): Promise<ConditionsLimits | null> {
    return this.read('limits', 'limits');
  }

  async saveLimits(limits: ConditionsLimits): Promise<void> {
    await this.write('limits', validConditions('limits', limits));
  }

  async getForecast(): Promise<Forecast | null> {
    return this.read('forecast', 'forecast');
  }

  async saveForecast(forecast: Forecast): Promise<void> {
    await this.write('forecast', validConditions('forecast', forecast));
  }

  async getEvent(eventId: string): Promise<EventConditions | null> {
    if (typeof eventId !== 'string') return null;
    return this.read(eventKey(eventId), 'event');
  }

  async getEvents(eventIds: readonly string[]): Promise<Map<string, EventConditions>> {
    const found = new Map<string, EventConditions>();
    const keys = [...new Set(eventIds)].map(eventKey);
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows: { value: string }[] = await this.db('conditions').select('value').whereIn('key', keys.slice(i, i + CHUNK));
      for (const row of rows) {
        const record = conditionsFromJson('event', row.value);
        found.set(record.eventId, record);
      }
    }
    return found;
  }

  async saveEvent(record: EventConditions): Promise<void> {
    const valid = validConditions('event', record);
    await this.write(eventKey(valid.eventId), valid);
  }

  private async read<K extends ConditionsKind>(key: string, kind: K): Promise<ConditionsRecord<K> | null> {
    const row: { value: string } | undefined = await this.db('conditions').select('value').where({ key }).first();
    return row ? conditionsFromJson(kind, row.value) : null;
  }

  private async write(key: string, value: unknown): Promise<void> {
    await this.db('conditions').insert({ key, value: JSON.stringify(value) }).onConflict('key').merge();
  }
}
