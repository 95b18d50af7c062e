import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { STATEMENTS_KEPT } from '../../../adapters/sqlite/sqlite-statement-cache';

// The SQLite storage keeps each connection's prepared statements (docs/storage.md#prepared-statements):
// what it answers must be what a statement prepared afresh would, whatever was kept or let go.
describe('kept prepared statements', () => {
  let db: Knex | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('answers every query as a fresh statement would, over more distinct statements than are kept', async () => {
    db = await openSqliteDatabase(':memory:');
    await db.raw('CREATE TABLE kept_test (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    const shapes = STATEMENTS_KEPT * 2;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ write: fc.boolean(), shape: fc.nat({ max: shapes - 1 }), n: fc.integer({ min: -5, max: 5 }) }), { minLength: 1, maxLength: 60 }),
        async (steps) => {
          const model = new Map<number, number>();
          await db!('kept_test').delete();
          let id = 0;
          for (const step of steps) {
            if (step.write) {
              id += 1;
              // A distinct SQL text per shape: the `+ shape - shape` changes the text, not the value.
              await db!.raw(`INSERT INTO kept_test (id, n) VALUES (?, ? + ${step.shape} - ${step.shape})`, [id, step.n]);
              model.set(id, step.n);
            } else {
              const rows = (await db!.raw(`SELECT id, n FROM kept_test WHERE n >= ? - ${step.shape} + ${step.shape} ORDER BY id`, [step.n])) as {
                id: number;
                n: number;
              }[];
              const expected = [...model].filter(([, n]) => n >= step.n).map(([key, n]) => ({ id: key, n }));
              expect(rows).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rolls back and commits through kept statements, and sees a column added after a statement was kept', async () => {
    db = await openSqliteDatabase(':memory:');
    await db.raw('CREATE TABLE kept_test (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    for (let round = 0; round < 3; round++) {
      await expect(
        db.transaction(async (trx) => {
          await trx('kept_test').insert({ id: 100 + round, n: round });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await db.transaction(async (trx) => trx('kept_test').insert({ id: round, n: round }));
    }
    expect(await db('kept_test').select('id').orderBy('id')).toEqual([{ id: 0 }, { id: 1 }, { id: 2 }]);

    const everything = () => db!.raw('SELECT * FROM kept_test WHERE id = ?', [0]) as Promise<Record<string, unknown>[]>;
    expect(await everything()).toEqual([{ id: 0, n: 0 }]);
    await db.raw("ALTER TABLE kept_test ADD COLUMN note TEXT NOT NULL DEFAULT 'none'");
    expect(await everything()).toEqual([{ id: 0, n: 0, note: 'none' }]);
  });
});
