import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_READINGS, SEARCH_SYNONYMS, mayHoldAnyWord, readingMatchesExactly, searchReadings, searchWords } from '../../../../core/search/search-synonyms';
import { isExactHit, rankHits } from '../../../../core/search/search-ranking';
import type { SearchHit } from '../../../../core/search/search-hit';

const phrase = (reading: ReturnType<typeof searchReadings>[number]) => reading.map((p) => p.words.join(' ') + (p.prefix ? '*' : '')).join(' | ');

describe('the synonym list', () => {
  it('holds the issue’s groups and the Beginners page lingo, every entry lower case and in one group only', () => {
    const entries = SEARCH_SYNONYMS.flat();
    expect(SEARCH_SYNONYMS).toContainEqual(['agm', 'annual general meeting']);
    expect(SEARCH_SYNONYMS.find((g) => g.includes('rib'))).toContain('safety boat');
    for (const lingo of ['port', 'starboard', 'windward', 'leeward', 'tack', 'gybe', 'close hauled', 'run', 'sheet', 'painter']) {
      expect(entries, lingo).toContain(lingo);
    }
    for (const entry of entries) expect(searchWords(entry).join(' ')).toBe(entry);
    expect(new Set(entries).size).toBe(entries.length);
  });
});

describe('search words', () => {
  it('folds case and accents, and splits as the index tokenizer does; plain ASCII text the same way by its fast path', () => {
    const reference = (text: string) =>
      [...text.matchAll(/[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu)]
        .map((m) => m[0].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())
        .filter((w) => w !== '');
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 60 }), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 })),
        (text) => {
          expect(searchWords(text)).toEqual(reference(text));
        },
      ),
      { numRuns: 500 },
    );
    expect(searchWords('Kestrel Open Régatta, 2026!')).toEqual(['kestrel', 'open', 'regatta', '2026']);
  });

  it('passes over a text only when none of its words equals or begins with a query word', () => {
    const text = fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 60 }), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }));
    // Query words as a search folds them: pieces of the text's own words, or of any other text.
    const queryWords = (t: string) =>
      fc.array(
        fc.oneof(
          fc.constantFrom(...searchWords(t), 'x').chain((w) => fc.nat({ max: w.length - 1 }).map((n) => w.slice(0, n + 1))),
          fc.string({ maxLength: 6 }).map((s) => searchWords(s)[0] ?? 'z'),
        ),
        { minLength: 1, maxLength: 4 },
      );
    fc.assert(
      fc.property(
        text.chain((t) => fc.tuple(fc.constant(t), queryWords(t))),
        ([t, words]) => {
          const begun = searchWords(t).some((word) => words.some((w) => word.startsWith(w)));
          if (begun) expect(mayHoldAnyWord(t, words)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
    expect(mayHoldAnyWord('Rescue boat training', ['sail'])).toBe(false);
    expect(mayHoldAnyWord('Rescue Boat training', ['boa'])).toBe(true);
    // Not ASCII: folded words need not be pieces of the text, so it is always split.
    expect(mayHoldAnyWord('Régatta', ['regatta'])).toBe(true);
  });
});

describe('query readings', () => {
  it('reads "AGM" as typed (a prefix) and as the annual general meeting', () => {
    expect(searchReadings('AGM').map(phrase)).toEqual(['agm*', 'annual general meeting']);
    expect(searchReadings('safety boat').map(phrase)).toEqual(['safety | boat*', 'rib', 'rescue boat']);
    expect(searchReadings('ag').map(phrase)).toEqual(['ag*']);
    expect(searchReadings('  ').map(phrase)).toEqual([]);
    expect(searchReadings('Régatta "rules"').map(phrase)).toEqual(['regatta | rules*']);
  });

  it('always reads the query as typed first, and each reading replaces only whole entries by their group', () => {
    const words = fc.constantFrom<string>('agm', 'rib', 'safety', 'boat', 'port', 'left', 'sail', 'close', 'hauled', 'annual', 'general', 'meeting');
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 6 }), (typed) => {
        const readings = searchReadings(typed.join(' '));
        expect(readings.length).toBeGreaterThanOrEqual(1);
        expect(readings.length).toBeLessThanOrEqual(MAX_READINGS);
        expect(readings[0]).toEqual(typed.map((w, i) => ({ words: [w], prefix: i === typed.length - 1 })));
        for (const reading of readings.slice(1)) {
          // Only the first reading has a prefix part (the word still being typed, as typed).
          expect(reading.every((p) => !p.prefix || (p.words.length === 1 && p.words[0] === typed[typed.length - 1]))).toBe(true);
          for (const part of reading) {
            const entry = part.words.join(' ');
            if (part.words.length > 1 || !typed.includes(entry)) expect(SEARCH_SYNONYMS.flat()).toContain(entry);
          }
        }
      }),
    );
  });

  it('matches a record exactly when each part appears in one field, phrases in order, the prefix as a beginning', () => {
    const fields = [searchWords('Notice of the Annual General Meeting'), searchWords('constitution rules')];
    expect(readingMatchesExactly(searchReadings('annual meet')[0], fields)).toBe(true);
    expect(readingMatchesExactly(searchReadings('meeting general')[0], fields)).toBe(true);
    expect(searchReadings('agm').some((r) => readingMatchesExactly(r, fields))).toBe(true);
    expect(readingMatchesExactly([{ words: ['general', 'annual'], prefix: false }], fields)).toBe(false);
    expect(readingMatchesExactly([{ words: ['meeting', 'constitution'], prefix: false }], fields)).toBe(false);
    expect(readingMatchesExactly(searchReadings('regata')[0], [searchWords('Kestrel Open Regatta')])).toBe(false);
  });
});

function hit(overrides: Partial<SearchHit>): SearchHit {
  return { objectID: 'x', type: 'event', category: 'event', tags: [], index: 'events', highlights: {}, ...overrides };
}

describe('exact hits first', () => {
  it('ranks an event found only with a typo after exact events, whatever their dates', () => {
    const typo = hit({ objectID: 'typo', name: 'Regatta supper', eventDate: 1_900_000_000 });
    const exact = hit({ objectID: 'exact', name: 'Regata (sic) social', eventDate: 1_700_000_000 });
    expect(isExactHit(typo, 'regata')).toBe(false);
    expect(isExactHit(exact, 'regata')).toBe(true);
    expect(rankHits([typo, exact], 'regata').map((h) => h.objectID)).toEqual(['exact', 'typo']);
    // Without a query the spec's date order alone.
    expect(rankHits([exact, typo]).map((h) => h.objectID)).toEqual(['typo', 'exact']);
    // A synonym match counts as exact.
    expect(isExactHit(hit({ name: 'Annual General Meeting' }), 'AGM')).toBe(true);
    expect(isExactHit(hit({ name: 'Open day', tags: ['AGM'] }), 'agm')).toBe(true);
  });

  it('keeps type priority first and, within a kind, every exact hit before every typo hit', () => {
    const hitArb = fc.record({
      objectID: fc.uuid(),
      type: fc.constantFrom('event', 'document', 'page', 'news') as fc.Arbitrary<SearchHit['type']>,
      exact: fc.boolean(),
      eventDate: fc.option(fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(hitArb, { maxLength: 30 }), (specs) => {
        const hits = specs.map((s) => hit({ objectID: s.objectID, type: s.type, eventDate: s.eventDate, name: s.exact ? 'Mooring fees' : 'Moring fees' }));
        const ranked = rankHits(hits, 'mooring');
        const priority = { event: 4, document: 3, page: 2, news: 1 };
        for (let i = 1; i < ranked.length; i += 1) {
          const [a, b] = [ranked[i - 1], ranked[i]];
          expect(priority[a.type]).toBeGreaterThanOrEqual(priority[b.type]);
          if (a.type === b.type && isExactHit(b, 'mooring')) expect(isExactHit(a, 'mooring')).toBe(true);
        }
      }),
    );
  });
});
