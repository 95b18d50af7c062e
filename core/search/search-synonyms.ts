/**
 * Words members use for the same thing, each group searched as one: "AGM" finds the Annual
 * General Meeting, "safety boat" the RIBs, and the club lingo of the Beginners page finds its
 * plain-English meaning and back. Both providers use this list: the embedded search expands the
 * query with it (searchAlternatives) and the Algolia adapter writes it as Algolia synonyms
 * (multi-way, type "synonym"). Every entry is lower case, one or more words.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['agm', 'annual general meeting'],
  ['rib', 'safety boat', 'rescue boat'],
  ['ribs', 'safety boats', 'rescue boats'],
  // The Beginners page's sailing lingo.
  ['port', 'left'],
  ['starboard', 'right'],
  ['windward', 'upwind'],
  ['leeward', 'downwind'],
  ['tack', 'tacking', 'go about'],
  ['gybe', 'gybing', 'jibe', 'jibing'],
  ['close hauled', 'beating'],
  ['run', 'running downwind'],
  ['sheet', 'sail rope'],
  ['painter', 'bow line'],
  ['buoyancy aid', 'life jacket', 'lifejacket'],
];

/** A word as the search indexes see it: letters, digits and private-use characters, with their marks. */
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu;

/** Case and accents folded away, so "Régatta" and "regatta" are one word. */
export function foldSearchWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range is what this tests for
const ASCII = /^[\u0000-\u007f]*$/;
const ASCII_WORD = /[a-z0-9]+/g;

/** The folded words of a text, in order. */
export function searchWords(text: string): string[] {
  // Most club text is plain ASCII: its words are runs of letters and digits, lower-cased, without
  // the cost of Unicode normalisation (the ranking reads every hit's text on each keystroke).
  if (ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  return [...text.matchAll(WORD)].map((m) => foldSearchWord(m[0])).filter((w) => w !== '');
}

/**
 * Whether a word of `text`, as searchWords and searchTokens split it, may equal or begin with one
 * of `words` (folded query words). False only when none can: the words of ASCII text are pieces of
 * the text lower-cased, so a query word found nowhere in it begins none of them. Lets a search
 * skip splitting the many fields that hold no word of the query (docs/search.md#how-the-embedded-search-does-it-sqlite).
 */
export function mayHoldAnyWord(text: string, words: readonly string[]): boolean {
  if (!ASCII.test(text)) return true;
  const lower = text.toLowerCase();
  return words.some((w) => lower.includes(w));
}

/** A word of a text with where it stands: `start` and `end` are offsets in the text as given. */
export interface SearchToken {
  word: string;
  start: number;
  end: number;
}

/** The folded words of a text with their places, as searchWords splits them (highlights need the places). */
export function searchTokens(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  if (ASCII.test(text)) {
    const lower = text.toLowerCase();
    for (const m of lower.matchAll(ASCII_WORD)) tokens.push({ word: m[0], start: m.index, end: m.index + m[0].length });
    return tokens;
  }
  for (const m of text.matchAll(WORD)) {
    const word = foldSearchWord(m[0]);
    if (word !== '') tokens.push({ word, start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/** A query asks for no more words than this: nobody types more, and each one costs time. */
export const MAX_QUERY_WORDS = 32;

/**
 * One way of reading the query: every part must match. A part is one word or a phrase (a synonym
 * of several words, whose words must follow each other); `prefix` marks the query's last word,
 * still being typed, which matches the beginning of a word.
 */
export interface QueryPart {
  words: string[];
  prefix: boolean;
}
export type QueryReading = QueryPart[];

/** At most this many readings: a query full of synonyms does not multiply without end. */
export const MAX_READINGS = 16;

/** Each synonym entry's words with its group's, split once (every keystroke reads them). */
const SYNONYM_ENTRIES: readonly { entry: readonly string[]; group: readonly (readonly string[])[] }[] = SEARCH_SYNONYMS.flatMap((group) => {
  const split = group.map((entry) => searchWords(entry));
  return split.map((entry) => ({ entry, group: split }));
});

/**
 * The query as it was typed (first), then as each synonym group lets it be read: a run of query
 * words spelling one entry of a group is replaced by each other entry. The last word counts for a
 * synonym only when typed in full, and the word the member typed is always also searched as the
 * beginning of a word. Empty when the query has no word.
 */
export function searchReadings(query: string): QueryReading[] {
  const words = searchWords(query).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return [];
  const asTyped: QueryReading = words.map((w, i) => ({ words: [w], prefix: i === words.length - 1 }));
  const readings: QueryReading[] = [];
  const seen = new Set<string>();
  const add = (reading: QueryReading) => {
    const key = JSON.stringify(reading);
    if (readings.length < MAX_READINGS && !seen.has(key)) {
      seen.add(key);
      readings.push(reading);
    }
  };
  // From position `at` onwards, either keep the next word or replace a run that spells an entry.
  const expand = (at: number, sofar: QueryReading) => {
    if (readings.length >= MAX_READINGS) return;
    if (at >= words.length) {
      add(sofar);
      return;
    }
    expand(at + 1, [...sofar, asTyped[at]]);
    for (const { entry, group } of SYNONYM_ENTRIES) {
      if (entry.length === 0 || at + entry.length > words.length) continue;
      if (!entry.every((w, k) => words[at + k] === w)) continue;
      // The group's entries are distinct (the synonym list's test): only the entry itself is skipped.
      for (const replacement of group) {
        if (replacement === entry) continue;
        expand(at + entry.length, [...sofar, { words: [...replacement], prefix: false }]);
      }
    }
  };
  expand(0, []);
  return readings;
}

/** Whether one part of a reading appears in a field's words (a phrase in order, a prefix as a beginning). */
export function partFoundIn(part: QueryPart, words: readonly string[]): boolean {
  return words.some((_, start) =>
    part.words.every((w, k) => {
      const word = words[start + k];
      if (word === undefined) return false;
      return part.prefix && k === part.words.length - 1 ? word.startsWith(w) : word === w;
    }),
  );
}

/**
 * Whether a record's text satisfies one reading of a query without any typo: each part's words
 * appear one after another within one of its fields (`fields`: each field's words, as
 * searchWords gives them), the prefix part as the beginning of a word.
 */
export function readingMatchesExactly(reading: QueryReading, fields: readonly (readonly string[])[]): boolean {
  return reading.every((part) => fields.some((words) => partFoundIn(part, words)));
}
