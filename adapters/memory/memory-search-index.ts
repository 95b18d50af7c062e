import {
  HIGHLIGHT_FIELDS,
  SEARCH_INDEXES,
  SearchRecordSchema,
  type Highlight,
  type SearchHit,
  type SearchIndexName,
  type SearchRecord,
} from '../../core/search/search-hit';
import type { SearchIndex } from '../../core/search/search-index.port';

/** A word as the SQLite adapter's tokenizer sees it; combining marks stay inside their word. */
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu;
const FIELD_WEIGHTS: Record<string, number> = { name: 10, title: 10, subject: 10, description: 4, longdescription: 1, tags: 3 };

/** Case and accent folding, so "regatta" finds "Régatta". */
function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function words(text: string): { text: string; start: number; folded: string }[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index, folded: fold(m[0]) }));
}

/** The query's words: all but the last must match a whole word, the last a word's beginning. */
function parseQuery(query: string): { whole: string[]; prefix: string } | null {
  const terms = words(query)
    .map((w) => w.folded)
    .filter((w) => w !== '');
  if (terms.length === 0) return null;
  return { whole: terms.slice(0, -1), prefix: terms[terms.length - 1] };
}

/**
 * Search held in memory: case- and accent-insensitive word matching with a prefix on the last
 * word, for tests and for running without a database.
 */
export class MemorySearchIndex implements SearchIndex {
  readonly providerName = 'Built-in search';
  private readonly indexes = new Map<SearchIndexName, Map<string, SearchRecord>>(SEARCH_INDEXES.map((name) => [name, new Map()]));

  async search(query: string, options: { hitsPerIndex: number }): Promise<SearchHit[]> {
    const parsed = parseQuery(query);
    const limit = Math.max(0, Math.floor(options.hitsPerIndex));
    if (!parsed || limit === 0) return [];
    const matches = (folded: string) => parsed.whole.includes(folded) || folded.startsWith(parsed.prefix);
    const hits: SearchHit[] = [];
    for (const [index, records] of this.indexes) {
      const scored: { hit: SearchHit; score: number }[] = [];
      for (const record of records.values()) {
        const fields: [string, string][] = HIGHLIGHT_FIELDS.map((f) => [f, record[f] ?? '']);
        fields.push(['tags', record.tags.join(' ')]);
        const found = new Set<string>();
        let score = 0;
        for (const [field, text] of fields) {
          for (const w of words(text)) {
            if (parsed.whole.includes(w.folded)) found.add(w.folded);
            if (w.folded.startsWith(parsed.prefix)) found.add(parsed.prefix);
            if (matches(w.folded)) score += FIELD_WEIGHTS[field];
          }
        }
        if (!parsed.whole.every((w) => found.has(w)) || !found.has(parsed.prefix)) continue;
        const highlights: SearchHit['highlights'] = {};
        for (const field of HIGHLIGHT_FIELDS) {
          const text = record[field];
          if (text !== undefined && text !== '') highlights[field] = highlight(text, matches);
        }
        scored.push({ hit: { ...structuredClone(record), index, highlights }, score });
      }
      scored.sort((a, b) => b.score - a.score || (a.hit.objectID < b.hit.objectID ? -1 : a.hit.objectID > b.hit.objectID ? 1 : 0));
      hits.push(...scored.slice(0, limit).map((s) => s.hit));
    }
    return hits;
  }

  async upsert(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(structuredClone(r)));
    const target = this.indexes.get(index)!;
    for (const record of valid) target.set(record.objectID, record);
  }

  async remove(index: SearchIndexName, objectIDs: string[]): Promise<void> {
    const target = this.indexes.get(index)!;
    for (const id of objectIDs) target.delete(id);
  }

  async replaceAll(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(structuredClone(r)));
    this.indexes.set(index, new Map(valid.map((r) => [r.objectID, r])));
  }
}

function highlight(text: string, matches: (folded: string) => boolean): Highlight {
  const segments: Highlight = [];
  const push = (part: string, match: boolean) => {
    if (part === '') return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += part;
    else segments.push({ text: part, match });
  };
  let at = 0;
  for (const w of words(text)) {
    if (!matches(w.folded)) continue;
    push(text.slice(at, w.start), false);
    push(w.text, true);
    at = w.start + w.text.length;
  }
  push(text.slice(at), false);
  return segments;
}
