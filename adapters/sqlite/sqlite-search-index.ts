import type { Knex } from 'knex';
import {
  HIGHLIGHT_FIELDS,
  SEARCH_INDEXES,
  SearchRecordSchema,
  type Highlight,
  type HighlightField,
  type SearchHit,
  type SearchIndexName,
  type SearchRecord,
} from '../../core/entities/search-hit';
import type { SearchIndex } from '../../core/ports/search-index';
import { writeTransaction } from './sqlite-write-transaction';

/** Columns of the FTS5 table, in order; their position is what highlight() and bm25() take. */
const FTS_COLUMNS = [...HIGHLIGHT_FIELDS, 'tags'] as const;
/** bm25 weights per column: a hit in a title counts far more than one in a long description. */
const BM25_WEIGHTS = [10, 10, 10, 4, 1, 3];

/** Private-use characters: ordinary club text never holds them, so they mark highlights safely. */
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** A query longer than this many words is cut: nobody types more, and FTS5 cost grows with it. */
const MAX_TERMS = 32;
/** What unicode61 counts as part of a word (letters, digits, private use). */
const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;

/**
 * Turns any user text into an FTS5 query that cannot fail to parse: every word becomes a
 * double-quoted string (so quotes, `*`, `-`, `:`, `(`, `NEAR`, `AND`, `OR` are just text), and
 * the last word is a prefix query so that each keystroke already finds something. Returns null
 * when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  const terms = text
    // FTS5 ends a quoted string at a NUL, so control characters become spaces.
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .split(/\s+/u)
    .filter((term) => TOKEN_CHAR.test(term))
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return terms
    .map((term, i) => `"${term.replace(/"/g, '""')}"${i === terms.length - 1 ? '*' : ''}`)
    .join(' ');
}

/** Splits FTS5 highlight() output into segments; null when it does not rebuild `original`. */
export function splitHighlighted(highlighted: string, original: string, open: string, close: string): Highlight | null {
  const segments: Highlight = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text !== '') {
      const last = segments[segments.length - 1];
      if (last && last.match === match) last.text += text;
      else segments.push({ text, match });
    }
    text = '';
  };
  for (const ch of highlighted) {
    if (ch === open || ch === close) {
      flush();
      match = ch === open;
    } else {
      text += ch;
    }
  }
  flush();
  return segments.map((s) => s.text).join('') === original ? segments : null;
}

/**
 * The text as FTS5 is given it: a NUL (which cuts highlight() short) becomes a space and a lone
 * surrogate (which cannot be stored as UTF-8) becomes U+FFFD. Both keep the length in UTF-16
 * code units, so highlight offsets in this text are offsets in the stored text too.
 */
export function indexableText(text: string): string {
  return text.replace(/\u0000/g, ' ').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** A pair of marker characters that do not occur in the text. */
function markersAbsentFrom(text: string): [string, string] {
  const found: string[] = [];
  // Basic private-use area first, then supplementary plane 15: no text can hold all of them.
  for (const [from, to] of [[0xe000, 0xf8ff], [0xf0000, 0xffffd]] as const) {
    for (let cp = from; cp <= to && found.length < 2; cp += 1) {
      const ch = String.fromCodePoint(cp);
      if (!text.includes(ch)) found.push(ch);
    }
  }
  return [found[0], found[1]];
}

interface SearchRow {
  rowid: number;
  record: string;
  [column: `h_${string}`]: string | null;
}

/**
 * The embedded search index: SQLite FTS5 in the app's own database. One FTS5 table holds the
 * text of all four indexes; a plain table beside it keeps each record and which index it is in.
 */
export class SqliteSearchIndex implements SearchIndex {
  readonly providerName = 'SQLite full-text search';

  /** `db` comes from openSqliteDatabase (its migrations provide the write lock table). */
  constructor(private readonly db: Knex) {}

  private ready: Promise<void> | null = null;

  /**
   * Creates the tables if they are missing; safe to call on every start. Every other method
   * calls it first, so an index that nobody initialised still works.
   */
  init(): Promise<void> {
    this.ready ??= this.createTables().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async createTables(): Promise<void> {
    await this.db.raw(
      `CREATE TABLE IF NOT EXISTS search_records (
        id INTEGER PRIMARY KEY,
        index_name TEXT NOT NULL,
        object_id TEXT NOT NULL,
        record TEXT NOT NULL,
        UNIQUE (index_name, object_id)
      )`,
    );
    await this.db.raw(
      `CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5(
        ${FTS_COLUMNS.join(', ')},
        tokenize = 'unicode61 remove_diacritics 2'
      )`,
    );
  }

  async search(query: string, options: { hitsPerIndex: number }): Promise<SearchHit[]> {
    const match = toFtsQuery(query);
    const limit = Math.max(0, Math.floor(options.hitsPerIndex));
    if (match === null || limit === 0) return [];
    await this.init();
    const highlightColumns = HIGHLIGHT_FIELDS.map((field, i) => `highlight(search_fts, ${i}, ?, ?) AS h_${field}`).join(', ');
    const markerBindings = HIGHLIGHT_FIELDS.flatMap(() => [OPEN, CLOSE]);
    const hits: SearchHit[] = [];
    for (const index of SEARCH_INDEXES) {
      const rows: SearchRow[] = await this.db.raw(
        `SELECT r.id AS rowid, r.record AS record, ${highlightColumns}
         FROM search_fts JOIN search_records r ON r.id = search_fts.rowid
         WHERE search_fts MATCH ? AND r.index_name = ?
         ORDER BY bm25(search_fts, ${BM25_WEIGHTS.join(', ')}), r.object_id
         LIMIT ?`,
        [...markerBindings, match, index, limit],
      );
      for (const row of rows) {
        const record = SearchRecordSchema.parse(JSON.parse(row.record));
        const highlights: SearchHit['highlights'] = {};
        for (const field of HIGHLIGHT_FIELDS) {
          const text = record[field];
          if (text === undefined || text === '') continue;
          highlights[field] = await this.highlight(row, field, text, match);
        }
        hits.push({ ...record, index, highlights });
      }
    }
    return hits;
  }

  private async highlight(row: SearchRow, field: HighlightField, text: string, match: string): Promise<Highlight> {
    const indexed = indexableText(text);
    let segments: Highlight | null = null;
    if (!indexed.includes(OPEN) && !indexed.includes(CLOSE)) {
      segments = splitHighlighted(row[`h_${field}`] ?? '', indexed, OPEN, CLOSE);
    } else {
      const [open, close] = markersAbsentFrom(indexed);
      const [again] = await this.db.raw(
        `SELECT highlight(search_fts, ?, ?, ?) AS h FROM search_fts WHERE search_fts MATCH ? AND rowid = ?`,
        [HIGHLIGHT_FIELDS.indexOf(field), open, close, match, row.rowid],
      );
      segments = again ? splitHighlighted(again.h ?? '', indexed, open, close) : null;
    }
    if (!segments) return [{ text, match: false }];
    // The indexed text has the same length as the stored one, so each segment maps back exactly.
    let at = 0;
    return segments.map((segment) => {
      const original = text.slice(at, at + segment.text.length);
      at += segment.text.length;
      return { text: original, match: segment.match };
    });
  }

  async upsert(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(r));
    await this.init();
    await writeTransaction(this.db, async (trx) => {
      for (const record of valid) await this.put(trx, index, record);
    });
  }

  async remove(index: SearchIndexName, objectIDs: string[]): Promise<void> {
    await this.init();
    await writeTransaction(this.db, async (trx) => {
      for (const objectID of objectIDs) {
        const [row] = await trx.raw(`SELECT id FROM search_records WHERE index_name = ? AND object_id = ?`, [index, objectID]);
        if (!row) continue;
        await trx.raw(`DELETE FROM search_fts WHERE rowid = ?`, [row.id]);
        await trx.raw(`DELETE FROM search_records WHERE id = ?`, [row.id]);
      }
    });
  }

  async replaceAll(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(r));
    await this.init();
    await writeTransaction(this.db, async (trx) => {
      await trx.raw(`DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_records WHERE index_name = ?)`, [index]);
      await trx.raw(`DELETE FROM search_records WHERE index_name = ?`, [index]);
      for (const record of valid) await this.put(trx, index, record);
    });
  }

  private async put(trx: Knex.Transaction, index: SearchIndexName, record: SearchRecord): Promise<void> {
    const json = JSON.stringify(record);
    const [existing] = await trx.raw(`SELECT id FROM search_records WHERE index_name = ? AND object_id = ?`, [index, record.objectID]);
    let id: number;
    if (existing) {
      id = existing.id;
      await trx.raw(`DELETE FROM search_fts WHERE rowid = ?`, [id]);
      await trx.raw(`UPDATE search_records SET record = ? WHERE id = ?`, [json, id]);
    } else {
      const [inserted] = await trx.raw(
        `INSERT INTO search_records (index_name, object_id, record) VALUES (?, ?, ?) RETURNING id`,
        [index, record.objectID, json],
      );
      id = inserted.id;
    }
    await trx.raw(
      `INSERT INTO search_fts (rowid, ${FTS_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [id, ...HIGHLIGHT_FIELDS.map((f) => indexableText(record[f] ?? '')), indexableText(record.tags.join(' '))],
    );
  }
}
