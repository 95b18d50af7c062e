/**
 * Typo tolerance, the same on every search provider (docs/product.md#search): a query
 * word of 5 or more letters may have one typo, one of 9 or more two; shorter words must match
 * exactly. A typo is one inserted, deleted or replaced letter, or two neighbouring letters swapped
 * ("regatta" → "regata", "regtata"). Algolia is given the same limits (minWordSizefor1Typo 5,
 * minWordSizefor2Typos 9); the embedded search uses the functions below.
 */

export const MIN_LETTERS_FOR_ONE_TYPO = 5;
export const MIN_LETTERS_FOR_TWO_TYPOS = 9;
/** A query word brings at most this many typo spellings into a search, the closest first. */
export const MAX_TYPO_CANDIDATES = 24;

/** How many typos a query word (already folded) may have. Letters are counted as code points. */
export function typosAllowed(word: string): 0 | 1 | 2 {
  const letters = [...word].length;
  if (letters >= MIN_LETTERS_FOR_TWO_TYPOS) return 2;
  if (letters >= MIN_LETTERS_FOR_ONE_TYPO) return 1;
  return 0;
}

/**
 * The edit distance between `a` and `b` counting insertions, deletions, replacements and swaps of
 * two neighbouring letters as one typo each (optimal string alignment), computed only as far as
 * `max`: any distance above it is answered as `max + 1`. With `prefixOfB`, the distance from `a`
 * to the closest beginning of `b` (how a word still being typed is matched).
 *
 * Cost O(|a| × (|a| + max)) at most, and it stops as soon as every cell of a row exceeds `max`.
 */
export function boundedTypoDistance(a: string, b: string, max: number, prefixOfB = false): number {
  const s = [...a];
  let t = [...b];
  if (prefixOfB) {
    if (t.length < s.length - max) return max + 1;
    t = t.slice(0, s.length + max);
  } else if (Math.abs(s.length - t.length) > max) return max + 1;
  const n = s.length;
  const m = t.length;
  // Three rows of the dynamic programme: two back (for swaps), one back, current.
  let before = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let current = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i += 1) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= m; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  // `previous` is the last row computed.
  const distance = prefixOfB ? Math.min(...previous) : previous[m];
  return Math.min(distance, max + 1);
}

/**
 * The words of the index's vocabulary that a query word reaches within its typo allowance (not the
 * word itself), closest first, then alphabetically, at most MAX_TYPO_CANDIDATES. With `prefix`
 * (the last word of the query, still being typed) a vocabulary word counts when its beginning is
 * close enough: "regat" reaches "regatta" exactly, "regta" with one typo.
 */
export function typoCandidates(word: string, vocabulary: Iterable<string>, prefix: boolean): string[] {
  const max = typosAllowed(word);
  if (max === 0) return [];
  const found: { term: string; distance: number }[] = [];
  for (const term of vocabulary) {
    if (term === word || (prefix && term.startsWith(word))) continue;
    const distance = boundedTypoDistance(word, term, max, prefix);
    if (distance <= max) found.push({ term, distance });
  }
  found.sort((x, y) => x.distance - y.distance || (x.term < y.term ? -1 : x.term > y.term ? 1 : 0));
  return found.slice(0, MAX_TYPO_CANDIDATES).map((f) => f.term);
}
