import type { Knex } from 'knex';
import { JsonDocumentConditionsRepository } from '../conditions-records';

/** SQLite binds at most 999 values per statement by default; ids are read in chunks well under it. */
const CHUNK = 500;

/** The go/no-go's records in the `conditions` table (migration 0026), one JSON document per key. */
export class SqliteConditionsRepository extends JsonDocumentConditionsRepository {
  constructor(private readonly db: Knex) {
    super();
  }

  protected eventKey(eventId: string): string {
    return `event:${eventId}`;
  }

  protected async readJson(key: string): Promise<string | null> {
    const row: { value: string } | undefined = await this.db('conditions').select('value').where({ key }).first();
    return row ? row.value : null;
  }

  protected async readManyJson(keys: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows: { value: string }[] = await this.db('conditions')
        .select('value')
        .whereIn('key', keys.slice(i, i + CHUNK));
      found.push(...rows.map((row) => row.value));
    }
    return found;
  }

  protected async writeJson(key: string, json: string): Promise<void> {
    await this.db('conditions').insert({ key, value: json }).onConflict('key').merge();
  }
}
