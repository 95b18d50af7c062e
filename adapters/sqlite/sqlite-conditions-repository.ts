import type { Knex } from 'knex';
import { JsonDocumentConditionsRepository } from '../conditions-records';
import { readInChunks } from './sqlite-in-chunks';
import { writeTransaction } from './sqlite-write-transaction';

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
    const rows = await readInChunks(keys, (chunk): Promise<{ value: string }[]> => this.db('conditions').select('value').whereIn('key', chunk));
    return rows.map((row) => row.value);
  }

  protected async writeJson(key: string, json: string): Promise<void> {
    await this.db('conditions').insert({ key, value: json }).onConflict('key').merge();
  }

  protected async changeJson(key: string, change: (json: string | null) => string): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      const row: { value: string } | undefined = await trx('conditions').select('value').where({ key }).first();
      await trx('conditions')
        .insert({ key, value: change(row ? row.value : null) })
        .onConflict('key')
        .merge();
    });
  }
}
