import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IN_CHUNK, readInChunks } from '../../../adapters/sqlite/sqlite-in-chunks';

// SQLite's reads of many keys (docs/members.md#reads): better-sqlite3's own SQLite binds far more
// than 999 values, so a contract test could not tell a read in chunks from one statement; the
// chunking is checked here.
describe('readInChunks', () => {
  it('asks for every key once, in chunks of at most IN_CHUNK, and answers every row read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 2 * IN_CHUNK }).map(String), { maxLength: 3 * IN_CHUNK }), async (keys) => {
        const chunks: string[][] = [];
        const rows = await readInChunks(keys, async (chunk) => {
          chunks.push(chunk);
          return chunk.map((key) => ({ key }));
        });
        const unique = [...new Set(keys)];
        expect(chunks.every((chunk) => chunk.length > 0 && chunk.length <= IN_CHUNK)).toBe(true);
        expect(chunks.length).toBe(Math.ceil(unique.length / IN_CHUNK));
        expect(chunks.flat()).toEqual(unique);
        expect(rows.map((row) => row.key)).toEqual(unique);
      }),
      { numRuns: 50 },
    );
  });

  it('leaves out what is not a string key, and reads nothing for no keys', async () => {
    const asked: string[][] = [];
    const read = async (chunk: string[]) => (asked.push(chunk), chunk);
    expect(await readInChunks([], read)).toEqual([]);
    expect(await readInChunks(['a', 7 as unknown as string, null as unknown as string, 'a'], read)).toEqual(['a']);
    expect(asked).toEqual([['a']]);
  });
});
