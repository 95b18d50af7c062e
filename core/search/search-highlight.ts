import type { Highlight } from './search-hit';
import { mayHoldAnyWord, searchTokens, type QueryPart, type SearchToken } from './search-synonyms';

/**
 * One way of reading the query with, for some of its parts, other spellings that may stand in
 * their place (typo spellings, whole words): what a search matched a record with.
 */
export interface HighlightReading {
  parts: { part: QueryPart; others: readonly string[] }[];
}

/** Where a part stands in a field's words: [first token, last token] of each instance. */
function instances(part: QueryPart, others: readonly string[], tokens: readonly SearchToken[]): [number, number][] {
  const found: [number, number][] = [];
  const last = part.words.length - 1;
  for (let start = 0; start + last < tokens.length; start++) {
    const phrase = part.words.every((w, k) => {
      const word = tokens[start + k].word;
      return part.prefix && k === last ? word.startsWith(w) : word === w;
    });
    if (phrase) found.push([start, start + last]);
    else if (others.includes(tokens[start].word)) found.push([start, start]);
  }
  return found;
}

/**
 * The highlights of a record's fields for the readings a search matched it with, as FTS5's
 * highlight() marks them: every instance of every part of each reading that the record satisfies
 * (each part somewhere in its fields, `matchedFields` including any not shown, such as tags), a
 * phrase marked from its first word to its last, a prefix as the whole word it begins. Readings
 * the record does not satisfy mark nothing. Returns a highlight per shown field, in order; the
 * segments joined are exactly the field's text.
 */
export function highlightFields(readings: readonly HighlightReading[], shown: readonly string[], hidden: readonly string[] = []): Highlight[] {
  // Every instance begins with a part's first word or one of its other spellings: a field holding
  // none of them has no instance, and is not split into words at all.
  const firstWords = readings.flatMap((reading) => reading.parts.flatMap(({ part, others }) => [part.words[0], ...others]));
  const tokensOf = (text: string) => (mayHoldAnyWord(text, firstWords) ? searchTokens(text) : []);
  const shownTokens = shown.map(tokensOf);
  // The hidden fields are split into words only when a reading marks something in a shown field
  // and has a part found in none of them: the one case where they decide.
  let hiddenTokens: SearchToken[][] | undefined;
  const inHidden = ({ part, others }: HighlightReading['parts'][number]) =>
    (hiddenTokens ??= hidden.map(tokensOf)).some((tokens) => instances(part, others, tokens).length > 0);
  const marks: [number, number][][] = shown.map(() => []);
  for (const reading of readings) {
    const perPart = reading.parts.map(({ part, others }) => shownTokens.map((tokens) => instances(part, others, tokens)));
    const inShown = perPart.map((fields) => fields.some((found) => found.length > 0));
    if (!inShown.some(Boolean)) continue;
    if (!reading.parts.every((part, p) => inShown[p] || inHidden(part))) continue;
    for (const fields of perPart) {
      shownTokens.forEach((tokens, f) => {
        for (const [a, b] of fields[f]) marks[f].push([tokens[a].start, tokens[b].end]);
      });
    }
  }
  return shown.map((text, f) => segments(text, marks[f]));
}

/** The text cut into marked and unmarked segments; overlapping or touching marks merge. */
function segments(text: string, marks: [number, number][]): Highlight {
  if (marks.length === 0) return [{ text, match: false }];
  marks.sort((a, b) => a[0] - b[0]);
  const out: Highlight = [];
  let at = 0;
  let open = -1;
  let close = -1;
  const flush = () => {
    if (open < 0) return;
    if (open > at) out.push({ text: text.slice(at, open), match: false });
    out.push({ text: text.slice(open, close), match: true });
    at = close;
  };
  for (const [a, b] of marks) {
    if (open >= 0 && a <= close) close = Math.max(close, b);
    else {
      flush();
      open = a;
      close = b;
    }
  }
  flush();
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}
