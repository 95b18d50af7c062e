import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { HIGHLIGHT_FIELDS, SEARCH_INDEXES, SearchRecordSchema, type SearchHit, type SearchIndexName, type SearchRecord } from '../../core/search/search-hit';
import type { SearchIndex } from '../../core/search/search-index.port';
import { shownTextFields } from '../../core/search/search-display';
import { highlightFields, type HighlightReading } from '../../core/search/search-highlight';
import { searchReadings, type QueryReading } from '../../core/search/search-synonyms';
import { MIN_LETTERS_FOR_ONE_TYPO, typoCandidates } from '../../core/search/search-typos';
import { readConnection } from './sqlite-read-connection';
import { writeTransaction } from './sqlite-write-transaction';

/** Columns of the FTS5 table, in order; their position is what highlight() and bm25() take. */
const FTS_COLUMNS = [...HIGHLIGHT_FIELDS, 'tags'] as const;
/** bm25 weights per column: a hit in a title counts far more than one in a long description. */
const BM25_WEIGHTS = [10, 10, 10, 4, 1, 3];

/** An FTS5 string: double quotes inside are doubled, so any text is just text. */
function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * One reading of the query (core/search/search-synonyms.ts) as an FTS5 expression: every part
 * must match; a part of several words is a phrase; the last word typed is a prefix query, so each
 * keystroke already finds something. `alternatives` gives, for a one-word part, other spellings
 * (typos) that may stand in its place.
 */
function readingExpression(reading: QueryReading, alternatives?: (part: QueryReading[number]) => string[]): string {
  return (
    reading
      .map((part) => {
        const typed = `${quoted(part.words.join(' '))}${part.prefix ? '*' : ''}`;
        const others = alternatives && part.words.length === 1 ? alternatives(part) : [];
        return others.length === 0 ? typed : `(${[typed, ...others.map(quoted)].join(' OR ')})`;
      })
      // Explicit AND: FTS5 joins bare phrases by juxtaposition, but not a parenthesised group.
      .join(' AND ')
  );
}

/** The readings as one FTS5 expression: any reading may match. */
function readingsExpression(readings: QueryReading[], alternatives?: (part: QueryReading[number]) => string[]): string {
  const expressions = readings.map((reading, i) => readingExpression(reading, i === 0 ? alternatives : undefined));
  return expressions.length === 1 ? expressions[0] : expressions.map((e) => `(${e})`).join(' OR ');
}

/**
 * Turns any user text into an FTS5 query that cannot fail to parse: the query's words (quotes,
 * `*`, `-`, `:`, `(`, `NEAR`, `AND`, `OR` are only text or separators), the last one as a prefix,
 * with each synonym reading of the query as an alternative. Null when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  const readings = searchReadings(text);
  return readings.length === 0 ? null : readingsExpression(readings);
}

/**
 * The text as FTS5 is given it: a NUL (which cuts highlight() short) becomes a space and a lone
 * surrogate (which cannot be stored as UTF-8) becomes U+FFFD. Both keep the length in UTF-16
 * code units, so highlight offsets in this text are offsets in the stored text too.
 */
export function indexableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return text.replace(/\u0000/g, ' ').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * Each index's FTS5 table (search_fts_events, ...), made by migration 0061
 * (adapters/sqlite/migrations/); its rowid is the record's search_records id. A table per index,
 * because bm25 counts each query word's records over the whole table, once per statement: over
 * one table shared by the four indexes, every keystroke counted it four times (docs/search.md).
 * Their prefix='1 2 3' keeps the postings of every 1- to 3-character prefix, so the last,
 * still-typed word of a query ("junior t") reads one list instead of merging those of every word
 * it begins.
 */
const FTS_TABLES = new Map<SearchIndexName, string>(SEARCH_INDEXES.map((name) => [name, `search_fts_${name}`]));
function ftsTable(index: SearchIndexName): string {
  return FTS_TABLES.get(index)!;
}

/**
 * Ranking costs time per matching record (bm25 reads each one's statistics), and a query of one
 * or two letters matches nearly everything. Above this many matches in one index, only the most
 * recently indexed ones are ranked: a bounded cost per keystroke, and such a query says too
 * little for a finer ranking to matter. Narrower queries are ranked over every match.
 */
export const MAX_RANKED_PER_INDEX = 200;

/** Validated records kept for reuse (a few MB at most); forgotten all at once when full. */
const MAX_REMEMBERED_RECORDS = 2000;
/** Query words whose typo spellings are kept for reuse until the next write; forgotten all at once when full. */
const MAX_REMEMBERED_CANDIDATES = 1000;
/**
 * A query of at most this many letters, one word and no synonym, is a beginning every member's
 * typing passes through ("r", "re"): its ranking in each index is kept until the search's records
 * change (docs/search.md). Longer queries are ranked afresh.
 */
export const SHARED_PREFIX_LETTERS = 2;
/**
 * Rankings of those queries kept at once (an index, a limit and a prefix each), each holding only
 * the rows that can make its list, not all MAX_RANKED_PER_INDEX; forgotten all at once when full.
 */
const MAX_REMEMBERED_RANKINGS = 4000;

type Sqlite = BetterSqlite3.Database;

interface Statements {
  /** Per index: match, and how many of the newest matches to rank; all of them, best first. */
  ranked: Map<SearchIndexName, BetterSqlite3.Statement<[string, number], { rowid: number; score: number }>>;
  records: Map<number, BetterSqlite3.Statement<number[], { id: number; object_id: string; record: string }>>;
  /** Raised by every change to search_records (migration 0061's triggers), and by nothing else. */
  searchVersion: BetterSqlite3.Statement<[], number>;
  vocabulary: BetterSqlite3.Statement<[], string>;
}

/** The indexes' words, as FTS5 stored them, for the search version they were read at. */
interface Vocabulary {
  version: number;
  terms: string[];
  /** Typo spellings already worked out, by query word (and whether it was a prefix). */
  candidates: Map<string, string[]>;
}

/**
 * The embedded search index: SQLite FTS5 in the app's own database. One FTS5 table holds the
 * text of all four indexes; a plain table beside it keeps each record and which index it is in.
 */
/**
 * Of a ranking (best first), the rows that can still make a list of `limit`: the first `limit`
 * and any tied with the last of them, whose order is then decided by objectID.
 */
function rowsThatCanMakeTheList<T extends { score: number }>(rows: T[], limit: number): T[] {
  if (rows.length <= limit) return rows;
  const last = rows[limit - 1].score;
  return rows.filter((r) => r.score <= last);
}

export class SqliteSearchIndex implements SearchIndex {
  readonly providerName = 'SQLite full-text search';

  /** `db` comes from openSqliteDatabase (its migrations provide the write lock table). */
  constructor(private readonly db: Knex) {}

  /** Searches run on better-sqlite3 directly, with statements prepared once per connection. */
  private readonly statements = new WeakMap<Sqlite, Statements>();
  /** Records already validated, by search_records id, with the text they were read from and the search version they were last read at. */
  private readonly validated = new Map<number, { text: string; record: SearchRecord; version: number }>();
  /** The FTS5 vocabulary per connection, for typo tolerance. */
  private readonly vocabularies = new WeakMap<Sqlite, Vocabulary>();
  /** Per connection, the rankings of shared prefixes (SHARED_PREFIX_LETTERS), by index and expression, with the search version they were ranked at. */
  private readonly rankings = new WeakMap<Sqlite, Map<string, { version: number; rows: { rowid: number; score: number }[] }>>();

  async search(query: string, options: { hitsPerIndex: number; highlight?: 'all' | 'shown' }): Promise<SearchHit[]> {
    const readings = searchReadings(query);
    const limit = Math.max(0, Math.floor(options.hitsPerIndex));
    if (readings.length === 0 || limit === 0) return [];
    return this.searchOn(readConnection(this.db), readings, limit, options.highlight ?? 'all');
  }

  /**
   * Synchronous (better-sqlite3): nothing else can use the connection meanwhile. In each index the
   * hits of the query as typed (or through a synonym) come first, ranked by bm25; if they are
   * fewer than the limit, hits found with typo tolerance (the typed words replaced by the
   * index's words within core's typo limits) fill the rest, ranked among themselves.
   */
  private searchOn(connection: Sqlite, readings: QueryReading[], limit: number, highlight: 'all' | 'shown'): SearchHit[] {
    const st = this.prepared(connection);
    const exact = readingsExpression(readings);
    const shared =
      readings.length === 1 && readings[0].length === 1 && readings[0][0].words.length === 1 && readings[0][0].words[0].length <= SHARED_PREFIX_LETTERS;
    // Worked out only when an index has room left after its exact hits (most keystrokes on a
    // large index fill every list exactly): undefined until then, null when no word has a typo spelling.
    let wide: string | null | undefined;
    let typoSpellings = null as Map<QueryReading[number], string[]> | null;
    const widened = () => {
      if (wide === undefined) {
        typoSpellings = this.typoAlternatives(connection, st, readings[0]);
        const typos = typoSpellings;
        wide = typos ? readingsExpression(readings, (part) => typos.get(part) ?? []) : null;
      }
      return wide;
    };
    const chosen: { index: SearchIndexName; record: SearchRecord }[] = [];
    for (const index of SEARCH_INDEXES) {
      const found = this.ranked(st, connection, exact, index, limit, shared);
      const typoMatch = found.length < limit ? widened() : null;
      if (typoMatch) {
        const seen = new Set(found.map((r) => r.rowid));
        const more = this.ranked(st, connection, typoMatch, index, limit + found.length).filter((r) => !seen.has(r.rowid));
        found.push(...more.slice(0, limit - found.length));
      }
      for (const r of found) chosen.push({ index, record: r.record });
    }
    if (chosen.length === 0) return [];
    // Highlights are worked out here from each hit's own text, as FTS5's highlight() would mark
    // the expression that found it: asking FTS5 for them re-ran the match and cost as much as the
    // search itself (docs/search.md).
    const typos = wide ? typoSpellings : null;
    const marking: HighlightReading[] = readings.map((reading, i) => ({
      parts: reading.map((part) => ({ part, others: (i === 0 && typos?.get(part)) || [] })),
    }));
    return chosen.map(({ index, record }) => {
      const withText = HIGHLIGHT_FIELDS.filter((field) => record[field] !== undefined && record[field] !== '');
      // Only what the result shows, when that is all the caller asks for; the other fields still
      // decide whether a reading of several words matched (highlightFields).
      const fields = highlight === 'shown' ? shownTextFields(record) : withText;
      const marked = highlightFields(
        marking,
        fields.map((field) => record[field]!),
        [...withText.filter((field) => !fields.includes(field)).map((field) => record[field]!), record.tags.join(' ')],
      );
      const highlights: SearchHit['highlights'] = {};
      fields.forEach((field, f) => (highlights[field] = marked[f]));
      // A copy: the remembered record must not change with what a caller does to the hit.
      return { ...record, tags: [...record.tags], index, highlights };
    });
  }

  /** The best `limit` matches of one index, best first, ties broken by objectID. */
  private ranked(st: Statements, connection: Sqlite, match: string, index: SearchIndexName, limit: number, shared = false) {
    // Every ranked match comes back with its score (at most MAX_RANKED_PER_INDEX), so that records
    // tied with the last place are all there to be ordered by objectID: asking for a few more than
    // the limit, and again when those were all tied, ran the match and its ranking again on most
    // keystrokes (docs/search.md).
    const kept = shared ? this.sharedRanking(st, connection, match, index, limit) : null;
    const rows = kept ? kept.rows : rowsThatCanMakeTheList(st.ranked.get(index)!.all(match, MAX_RANKED_PER_INDEX), limit);
    if (rows.length === 0) return [];
    // A record remembered at the search's current version is the stored one: only the others are
    // read (docs/search.md). The version is read after the ranking, so a record changed since
    // then is read afresh; a kept ranking found current comes with the version just read.
    const version = kept?.current ?? st.searchVersion.get()!;
    const candidates: { rowid: number; score: number; objectID: string; record: SearchRecord | string }[] = [];
    const unknown: typeof rows = [];
    for (const r of rows) {
      const known = this.validated.get(r.rowid);
      if (known?.version === version) candidates.push({ ...r, objectID: known.record.objectID, record: known.record });
      else unknown.push(r);
    }
    if (unknown.length > 0) {
      const stored = new Map(
        this.recordsStatement(st, connection, unknown.length)
          .all(...unknown.map((r) => r.rowid))
          .map((row) => [row.id, row]),
      );
      for (const r of unknown) {
        const row = stored.get(r.rowid);
        if (row) candidates.push({ ...r, objectID: row.object_id, record: row.record });
      }
    }
    return candidates
      .sort((a, b) => a.score - b.score || (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0))
      .slice(0, limit)
      .map((c) => ({ rowid: c.rowid, record: typeof c.record === 'string' ? this.readRecord(c.rowid, c.record, version) : c.record }));
  }

  /**
   * A shared prefix's ranking in one index: the one kept, while the search's records are those it
   * was ranked over, else ranked now and kept. Tagged with the version read before ranking, so a
   * write committed meanwhile leaves it outdated, never wrongly current. `current` is that version
   * when the kept ranking was used: nothing was ranked after it was read.
   */
  private sharedRanking(st: Statements, connection: Sqlite, match: string, index: SearchIndexName, limit: number) {
    const version = st.searchVersion.get()!;
    let kept = this.rankings.get(connection);
    if (!kept) this.rankings.set(connection, (kept = new Map()));
    const key = `${index} ${limit} ${match}`;
    const known = kept.get(key);
    if (known?.version === version) return { rows: known.rows, current: version };
    const rows = rowsThatCanMakeTheList(st.ranked.get(index)!.all(match, MAX_RANKED_PER_INDEX), limit);
    if (kept.size >= MAX_REMEMBERED_RANKINGS) kept.clear();
    kept.set(key, { version, rows });
    return { rows, current: undefined };
  }

  /**
   * For each part of the query as typed (one word each) that core's typo rule lets have typos: the
   * index's words within its limit (core's typoCandidates over the FTS5 vocabulary). Null when no
   * word has any.
   */
  private typoAlternatives(connection: Sqlite, st: Statements, asTyped: QueryReading): Map<QueryReading[number], string[]> | null {
    const vocabulary = this.vocabularyOf(connection, st);
    const found = new Map<QueryReading[number], string[]>();
    for (const part of asTyped) {
      const [word] = part.words;
      const key = `${part.prefix ? '*' : ' '}${word}`;
      let candidates = vocabulary.candidates.get(key);
      if (!candidates) {
        candidates = typoCandidates(word, vocabulary.terms, part.prefix);
        if (vocabulary.candidates.size >= MAX_REMEMBERED_CANDIDATES) vocabulary.candidates.clear();
        vocabulary.candidates.set(key, candidates);
      }
      if (candidates.length > 0) found.set(part, candidates);
    }
    return found.size > 0 ? found : null;
  }

  /** The indexes' words, read again only after a change to the search's records (its version changed). */
  private vocabularyOf(connection: Sqlite, st: Statements): Vocabulary {
    const version = st.searchVersion.get()!;
    let known = this.vocabularies.get(connection);
    if (!known || known.version !== version) {
      known = { version, terms: st.vocabulary.all(), candidates: new Map() };
      this.vocabularies.set(connection, known);
    }
    return known;
  }

  /**
   * A stored record, validated. Validating costs more than the rest of reading a hit, so the
   * result is remembered with the exact text it came from, and used again while that text is
   * unchanged; any other text (an update) is validated afresh. The search version it was read at
   * is noted: while the version stays, ranked() need not read the record at all.
   */
  private readRecord(id: number, text: string, version: number): SearchRecord {
    const known = this.validated.get(id);
    if (known && known.text === text) {
      known.version = version;
      return known.record;
    }
    const record = SearchRecordSchema.parse(JSON.parse(text));
    if (this.validated.size >= MAX_REMEMBERED_RECORDS) this.validated.clear();
    this.validated.set(id, { text, record, version });
    return record;
  }

  private prepared(connection: Sqlite): Statements {
    let st = this.statements.get(connection);
    if (!st) {
      st = {
        // One pass over the index's newest matches (FTS5 walks rowids downwards itself), scoring
        // each once; the outer query keeps the best.
        ranked: new Map(
          SEARCH_INDEXES.map((index) => {
            const table = ftsTable(index);
            return [
              index,
              connection.prepare<[string, number], { rowid: number; score: number }>(
                `SELECT rowid, score FROM (
                   SELECT rowid, bm25(${table}, ${BM25_WEIGHTS.join(', ')}) AS score FROM ${table}
                   WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ?
                 ) ORDER BY score`,
              ),
            ];
          }),
        ),
        records: new Map(),
        searchVersion: connection.prepare<[], number>('SELECT version FROM search_version WHERE id = 1').pluck(),
        vocabulary: vocabularyStatement(connection),
      };
      this.statements.set(connection, st);
    }
    return st;
  }

  private recordsStatement(st: Statements, connection: Sqlite, count: number) {
    let statement = st.records.get(count);
    if (!statement) {
      statement = connection.prepare(`SELECT id, object_id, record FROM search_records WHERE id IN (${placeholders(count)})`);
      // Counts above a few dozen come only from long runs of tied scores: not worth keeping.
      if (count <= 64) st.records.set(count, statement);
    }
    return statement;
  }

  async upsert(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(r));
    await writeTransaction(this.db, async (trx) => {
      for (const record of valid) await this.put(trx, index, record);
    });
  }

  async remove(index: SearchIndexName, objectIDs: string[]): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      for (const objectID of objectIDs) {
        const [row] = await trx.raw(`SELECT id FROM search_records WHERE index_name = ? AND object_id = ?`, [index, objectID]);
        if (!row) continue;
        await trx.raw(`DELETE FROM ${ftsTable(index)} WHERE rowid = ?`, [row.id]);
        await trx.raw(`DELETE FROM search_records WHERE id = ?`, [row.id]);
      }
    });
  }

  async replaceAll(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(r));
    await writeTransaction(this.db, async (trx) => {
      await trx.raw(`DELETE FROM ${ftsTable(index)}`);
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
      await trx.raw(`DELETE FROM ${ftsTable(index)} WHERE rowid = ?`, [id]);
      await trx.raw(`UPDATE search_records SET record = ? WHERE id = ?`, [json, id]);
    } else {
      const [inserted] = await trx.raw(`INSERT INTO search_records (index_name, object_id, record) VALUES (?, ?, ?) RETURNING id`, [
        index,
        record.objectID,
        json,
      ]);
      id = inserted.id;
    }
    await insertText(trx, index, id, record);
  }
}

async function insertText(trx: Knex.Transaction, index: SearchIndexName, id: number, record: SearchRecord): Promise<void> {
  await trx.raw(`INSERT INTO ${ftsTable(index)} (rowid, ${FTS_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
    id,
    ...HIGHLIGHT_FIELDS.map((f) => indexableText(record[f] ?? '')),
    indexableText(record.tags.join(' ')),
  ]);
}

/**
 * The FTS5 tables' words (fts5vocab), each once, through tables in the connection's own temp
 * schema: they store nothing and work on the read-only connection, so no migration is needed. Words
 * of fewer than MIN_LETTERS_FOR_ONE_TYPO - 1 letters are never a typo spelling of a word allowed one.
 */
function vocabularyStatement(connection: Sqlite): BetterSqlite3.Statement<[], string> {
  const selects = SEARCH_INDEXES.map((index) => {
    const table = ftsTable(index);
    connection.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${table}_vocabulary USING fts5vocab(main, '${table}', 'row')`);
    return `SELECT term FROM temp.${table}_vocabulary WHERE length(term) >= ${MIN_LETTERS_FOR_ONE_TYPO - 1}`;
  });
  return connection.prepare<[], string>(selects.join(' UNION ')).pluck();
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
