import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Highlight } from '../../../../core/search/search-hit';
import { highlightFields, type HighlightReading } from '../../../../core/search/search-highlight';
import { searchWords } from '../../../../core/search/search-synonyms';

// The embedded search marks its hits in JavaScript rather than asking FTS5's highlight(), which
// re-ran the whole match (docs/search.md). These properties hold it to what highlight() marks.
const db = new Database(':memory:');
db.exec(`CREATE VIRTUAL TABLE t USING fts5(name, description, tags, tokenize = 'unicode61 remove_diacritics 2')`);
const insert = db.prepare('INSERT INTO t (rowid, name, description, tags) VALUES (1, ?, ?, ?)');
const marked = db.prepare<[string], { name: string; description: string }>(
  `SELECT highlight(t, 0, '\uE000', '\uE001') AS name, highlight(t, 1, '\uE000', '\uE001') AS description FROM t WHERE t MATCH ?`,
);
afterAll(() => db.close());

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
function expression(readings: HighlightReading[]): string {
  const one = (r: HighlightReading) =>
    r.parts
      .map(({ part, others }) => {
        const typed = quoted(part.words.join(' ')) + (part.prefix ? '*' : '');
        return others.length === 0 ? typed : `(${[typed, ...others.map(quoted)].join(' OR ')})`;
      })
      .join(' AND ');
  return readings.length === 1 ? one(readings[0]) : readings.map((r) => `(${one(r)})`).join(' OR ');
}

function fromFts(text: string): Highlight {
  const segments: Highlight = [];
  let match = false;
  for (const piece of text.split(/([\uE000\uE001])/)) {
    if (piece === '\uE000' || piece === '\uE001') match = piece === '\uE000';
    else if (piece !== '') {
      const last = segments[segments.length - 1];
      if (last && last.match === match) last.text += piece;
      else segments.push({ text: piece, match });
    }
  }
  return segments.length === 0 ? [{ text: '', match: false }] : segments;
}

const WORDS = ['Régatta', 'regatta', 'race', 'Races', 'boat', 'rescue', 'safety', 'AGM', 'annual', 'general', 'meeting', 'ÉTÉ', 'été', 'junior'];
const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', ', ', ' - ', "'", '. ')), { minLength: 1, maxLength: 8 })
  .map((pairs) => pairs.map(([w, s]) => w + s).join(''));
const folded = [...new Set(WORDS.flatMap((w) => searchWords(w)))];
const part = fc.record({
  part: fc
    .record({ words: fc.array(fc.constantFrom(...folded), { minLength: 1, maxLength: 2 }), prefix: fc.boolean() })
    .map((p) => ({ words: p.prefix ? [...p.words.slice(0, -1), p.words[p.words.length - 1].slice(0, 2)] : p.words, prefix: p.prefix })),
  others: fc.array(fc.constantFrom(...folded), { maxLength: 2 }),
});
const readings = fc
  .array(fc.record({ parts: fc.array(part, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 3 })
  .map((rs) => rs.map((r) => ({ parts: r.parts.map((p) => ({ part: p.part, others: p.part.words.length === 1 ? p.others : [] })) })));

describe('highlightFields', () => {
  it('marks what FTS5 highlight() marks, for any record the expression matches', () => {
    fc.assert(
      fc.property(text, text, text, readings, (name, description, tags, rs) => {
        db.exec('DELETE FROM t');
        insert.run(name, description, tags);
        const row = marked.get(expression(rs));
        if (!row) return;
        expect(highlightFields(rs, [name, description], [tags])).toEqual([fromFts(row.name), fromFts(row.description)]);
      }),
      { numRuns: 400 },
    );
  });

  it('marks a phrase from its first word to its last, a prefix as its whole word, and nothing for an unmet reading', () => {
    const agm: HighlightReading = { parts: [{ part: { words: ['annual', 'general', 'meeting'], prefix: false }, others: [] }] };
    const reg: HighlightReading = { parts: [{ part: { words: ['reg'], prefix: true }, others: [] }] };
    const unmet: HighlightReading = {
      parts: [
        { part: { words: ['junior'], prefix: false }, others: [] },
        { part: { words: ['race'], prefix: false }, others: [] },
      ],
    };
    expect(highlightFields([agm, reg, unmet], ['The Annual General Meeting, Régattas and a race'])).toEqual([
      [
        { text: 'The ', match: false },
        { text: 'Annual General Meeting', match: true },
        { text: ', ', match: false },
        { text: 'Régattas', match: true },
        { text: ' and a race', match: false },
      ],
    ]);
  });
});
