import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TYPO_CANDIDATES,
  MIN_LETTERS_FOR_ONE_TYPO,
  MIN_LETTERS_FOR_TWO_TYPOS,
  boundedTypoDistance,
  typoCandidates,
  typosAllowed,
} from '../../../../core/search/search-typos';

/** The textbook optimal-string-alignment distance, unbounded: the reference the bounded one must agree with. */
function referenceDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const d = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i += 1) {
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[s.length][t.length];
}

const letters = fc.constantFrom(...'abcdeé');
const word = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((l) => l.join(''));

/** One typo of any kind at position `at` of the word. */
function withTypo(w: string, kind: 'insert' | 'delete' | 'replace' | 'swap', at: number, letter: string): string {
  const l = [...w];
  const i = at % l.length;
  if (kind === 'insert') l.splice(i, 0, letter);
  else if (kind === 'delete') l.splice(i, 1);
  else if (kind === 'replace') l[i] = letter;
  else if (i + 1 < l.length) [l[i], l[i + 1]] = [l[i + 1], l[i]];
  return l.join('');
}
const typoArb = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'replace', 'swap') as fc.Arbitrary<'insert' | 'delete' | 'replace' | 'swap'>,
  at: fc.nat(),
  letter: letters,
});

describe('typo limits (docs/product.md#search: 1 typo in words of 5+ letters, 2 in 9+)', () => {
  it('allows no typo below 5 letters, one from 5, two from 9', () => {
    expect([MIN_LETTERS_FOR_ONE_TYPO, MIN_LETTERS_FOR_TWO_TYPOS]).toEqual([5, 9]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 20 }), (w) => {
        const n = [...w].length;
        expect(typosAllowed(w)).toBe(n >= 9 ? 2 : n >= 5 ? 1 : 0);
      }),
    );
    expect(typosAllowed('race')).toBe(0);
    expect(typosAllowed('regata')).toBe(1);
    expect(typosAllowed('regattass')).toBe(2);
    // Letters, not UTF-16 units: five accented letters are five.
    expect(typosAllowed('ééééé')).toBe(1);
  });
});

describe('bounded typo distance', () => {
  it('agrees with the unbounded distance up to the bound, and says bound + 1 beyond it', () => {
    fc.assert(
      fc.property(word(0, 9), word(0, 9), fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const full = referenceDistance(a, b);
        expect(boundedTypoDistance(a, b, max)).toBe(Math.min(full, max + 1));
      }),
      { numRuns: 500 },
    );
  });

  it('is symmetric and zero exactly for the same word', () => {
    fc.assert(
      fc.property(word(0, 9), word(0, 9), (a, b) => {
        expect(boundedTypoDistance(a, b, 3)).toBe(boundedTypoDistance(b, a, 3));
        expect(boundedTypoDistance(a, b, 3) === 0).toBe(a === b);
      }),
    );
  });

  it('counts one insertion, deletion, replacement or swap of neighbours as one typo', () => {
    fc.assert(
      fc.property(word(2, 10), typoArb, (w, typo) => {
        const typed = withTypo(w, typo.kind, typo.at, typo.letter);
        expect(boundedTypoDistance(typed, w, 2)).toBeLessThanOrEqual(1);
      }),
    );
    expect(boundedTypoDistance('regata', 'regatta', 1)).toBe(1);
    expect(boundedTypoDistance('regtata', 'regatta', 1)).toBe(1);
    expect(boundedTypoDistance('ragata', 'regatta', 1)).toBe(2);
  });

  it('as a prefix: the distance to the closest beginning of the word', () => {
    fc.assert(
      fc.property(word(1, 8), word(0, 8), fc.integer({ min: 0, max: 2 }), (a, b, max) => {
        const t = [...b];
        const best = Math.min(...Array.from({ length: t.length + 1 }, (_, k) => referenceDistance(a, t.slice(0, k).join(''))));
        expect(boundedTypoDistance(a, b, max, true)).toBe(Math.min(best, max + 1));
      }),
      { numRuns: 500 },
    );
    expect(boundedTypoDistance('regta', 'regatta', 1, true)).toBe(1);
    expect(boundedTypoDistance('regat', 'regatta', 1, true)).toBe(0);
  });
});

describe('typo candidates', () => {
  it('finds every vocabulary word within the typed word’s allowance, never the word itself, closest first', () => {
    fc.assert(
      fc.property(word(1, 11), fc.uniqueArray(word(1, 11), { maxLength: 30 }), fc.boolean(), (typed, vocabulary, prefix) => {
        const found = typoCandidates(typed, vocabulary, prefix);
        const max = typosAllowed(typed);
        const distance = (t: string) => boundedTypoDistance(typed, t, max, prefix);
        const expected = vocabulary.filter((t) => t !== typed && !(prefix && t.startsWith(typed)) && distance(t) <= max);
        expect(found.length).toBe(Math.min(expected.length, MAX_TYPO_CANDIDATES));
        for (const t of found) expect(expected).toContain(t);
        for (const t of found) expect(distance(t)).toBeLessThanOrEqual(max);
        for (let i = 1; i < found.length; i += 1) expect(distance(found[i - 1])).toBeLessThanOrEqual(distance(found[i]));
        if (max === 0) expect(found).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('"regata" finds "regatta", "race" (4 letters) finds nothing with a typo', () => {
    const vocabulary = ['regatta', 'regattas', 'race', 'rice', 'racing', 'rehearsal'];
    expect(typoCandidates('regata', vocabulary, false)).toEqual(['regatta']);
    expect(typoCandidates('regata', vocabulary, true)).toEqual(['regatta', 'regattas']);
    expect(typoCandidates('race', vocabulary, false)).toEqual([]);
    expect(typoCandidates('rehersal', vocabulary, false)).toEqual(['rehearsal']);
  });
});
