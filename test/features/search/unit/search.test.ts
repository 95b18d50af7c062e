import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../../core/search/search-hit';
import { formatEpochDate, hitDescription, hitLink, hitTags, hitTitle, shownHit } from '../../../../core/search/search-display';
import { HITS_PER_INDEX, TYPE_PRIORITY, isSearchableQuery, rankHits } from '../../../../core/search/search-ranking';

function hit(overrides: Partial<SearchHit> = {}): SearchHit {
  return { objectID: 'x', type: 'page', category: 'general', tags: [], index: 'pages', highlights: {}, ...overrides };
}

const hitArb: fc.Arbitrary<SearchHit> = fc
  .record({
    objectID: fc.uuid(),
    type: fc.constantFrom('event', 'document', 'page', 'news') as fc.Arbitrary<SearchHit['type']>,
    eventDate: fc.option(fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }), { nil: undefined }),
  })
  .map(({ objectID, type, eventDate }) => hit({ objectID, type, eventDate }));

describe('search ranking properties', () => {
  it('ranking is a permutation of the hits', () => {
    fc.assert(
      fc.property(fc.array(hitArb, { maxLength: 40 }), (hits) => {
        const ranked = rankHits(hits);
        expect(ranked).toHaveLength(hits.length);
        expect([...ranked].sort((a, b) => a.objectID.localeCompare(b.objectID))).toEqual([...hits].sort((a, b) => a.objectID.localeCompare(b.objectID)));
      }),
    );
  });

  it('ranking puts higher type priorities first and events latest first, undated last', () => {
    fc.assert(
      fc.property(fc.array(hitArb, { maxLength: 40 }), (hits) => {
        const ranked = rankHits(hits);
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1], ranked[i]];
          expect(TYPE_PRIORITY[a.type]).toBeGreaterThanOrEqual(TYPE_PRIORITY[b.type]);
          if (a.type === 'event' && b.type === 'event') {
            expect(a.eventDate ?? -Infinity).toBeGreaterThanOrEqual(b.eventDate ?? -Infinity);
          }
        }
      }),
    );
  });

  it('ranking keeps the provider order within documents, pages and news', () => {
    fc.assert(
      fc.property(fc.array(hitArb, { maxLength: 40 }), (hits) => {
        const ranked = rankHits(hits);
        for (const type of ['document', 'page', 'news'] as const) {
          expect(ranked.filter((h) => h.type === type)).toEqual(hits.filter((h) => h.type === type));
        }
      }),
    );
  });

  it('a query is searchable exactly when it has a non-space character', () => {
    fc.assert(
      fc.property(fc.string(), (q) => {
        expect(isSearchableQuery(q)).toBe(q.trim().length > 0);
      }),
    );
  });

  it('a result never shows more than 3 tags, and they are the first ones', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 10 }), (tags) => {
        expect(hitTags(hit({ tags }))).toEqual(tags.slice(0, 3));
      }),
    );
  });

  it('a title or description is never empty and, highlighted, spells out the chosen text', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.option(fc.string(), { nil: undefined }), (name, description) => {
        const h = hit({ name, description });
        const title = hitTitle(h)
          .map((s) => s.text)
          .join('');
        expect(title).toBe(name !== undefined && name.trim() !== '' ? name : 'Untitled');
        const desc = hitDescription(h)
          .map((s) => s.text)
          .join('');
        expect(desc).toBe(description !== undefined && description.trim() !== '' ? description : 'No description available');
      }),
    );
  });
});

/** Text as a provider may give it: blank, missing, or words, with highlights right, wrong or missing. */
const textArb = fc.option(fc.constantFrom('', '  ', 'Regatta', 'Junior training', 'Open regatta day'), { nil: undefined });
const fullHitArb: fc.Arbitrary<SearchHit> = fc
  .record({
    objectID: fc.string({ minLength: 1 }),
    type: fc.constantFrom('event', 'document', 'page', 'news') as fc.Arbitrary<SearchHit['type']>,
    index: fc.constantFrom('events', 'documents', 'news', 'pages') as fc.Arbitrary<SearchHit['index']>,
    category: fc.string(),
    eventDate: fc.option(fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }), { nil: undefined }),
    bookingUrl: fc.option(fc.constantFrom('/book/a', ' '), { nil: undefined }),
    detailsUrl: fc.option(fc.constantFrom('https://example.org/n', '/news/x', '#'), { nil: undefined }),
    downloadUrl: fc.option(fc.constant('/files/a.pdf'), { nil: undefined }),
    path: fc.option(fc.constant('/about'), { nil: undefined }),
    tags: fc.array(fc.string(), { maxLength: 6 }),
    name: textArb,
    title: textArb,
    subject: textArb,
    description: textArb,
    longdescription: textArb,
    marked: fc.subarray(['name', 'title', 'subject', 'description', 'longdescription'] as const),
    wrongMarks: fc.boolean(),
  })
  .map(({ marked, wrongMarks, ...fields }) => {
    const h: SearchHit = { ...fields, highlights: {} };
    for (const field of marked) {
      const text = h[field] ?? '';
      h.highlights[field] = wrongMarks
        ? [{ text: 'other', match: true }]
        : [
            { text: text.slice(0, 3), match: true },
            { text: text.slice(3), match: false },
          ];
    }
    return h;
  });

describe('the search answer', () => {
  it('carries what a result shows and links to: the same title, description, tags, link, type, category and date', () => {
    fc.assert(
      fc.property(fullHitArb, (h) => {
        const shown = shownHit(h);
        expect(hitTitle(shown)).toEqual(hitTitle(h));
        expect(hitDescription(shown)).toEqual(hitDescription(h));
        expect(hitTags(shown)).toEqual(hitTags(h));
        expect(hitLink(shown)).toEqual(hitLink(h));
        expect([shown.objectID, shown.index, shown.type, shown.category, shown.eventDate]).toEqual([h.objectID, h.index, h.type, h.category, h.eventDate]);
        // At most one title field and one description field, each with only its own highlight.
        expect(['name', 'title', 'subject'].filter((f) => f in shown).length).toBeLessThanOrEqual(1);
        expect(['description', 'longdescription'].filter((f) => f in shown).length).toBeLessThanOrEqual(1);
        for (const field of Object.keys(shown.highlights)) expect(field in shown).toBe(true);
      }),
    );
  });

  it('leaves out the long description when the description is shown', () => {
    const h = hit({
      title: 'Open regatta',
      description: 'Racing for all',
      longdescription: 'A long text '.repeat(50),
      highlights: { title: [{ text: 'Open regatta', match: true }] },
    });
    expect(shownHit(h)).toEqual({
      ...hit({ title: 'Open regatta', description: 'Racing for all' }),
      highlights: { title: [{ text: 'Open regatta', match: true }] },
    });
  });
});

describe('search examples', () => {
  it('searches 10 hits per index and ranks event 4, document 3, page 2, news 1', () => {
    expect(HITS_PER_INDEX).toBe(10);
    expect(TYPE_PRIORITY).toEqual({ event: 4, document: 3, page: 2, news: 1 });
    const ranked = rankHits([
      hit({ objectID: 'n', type: 'news' }),
      hit({ objectID: 'p', type: 'page' }),
      hit({ objectID: 'e-old', type: 'event', eventDate: 1_700_000_000 }),
      hit({ objectID: 'd', type: 'document' }),
      hit({ objectID: 'e-tbc', type: 'event' }),
      hit({ objectID: 'e-new', type: 'event', eventDate: 1_800_000_000 }),
    ]);
    expect(ranked.map((h) => h.objectID)).toEqual(['e-new', 'e-old', 'e-tbc', 'd', 'p', 'n']);
  });

  it('does not search for a blank query', () => {
    expect(isSearchableQuery('   ')).toBe(false);
    expect(isSearchableQuery(' regatta ')).toBe(true);
  });

  it('links each kind of result where the spec says', () => {
    expect(hitLink(hit({ type: 'event', bookingUrl: '/event-booking?id=1', detailsUrl: '/calendar' }))).toEqual({ href: '/event-booking?id=1', newTab: false });
    expect(hitLink(hit({ type: 'event', detailsUrl: '/calendar' }))).toEqual({ href: '/calendar', newTab: false });
    expect(hitLink(hit({ type: 'event' }))).toEqual({ href: '#', newTab: false });
    expect(hitLink(hit({ type: 'document', downloadUrl: '/api/documents/1/file' }))).toEqual({ href: '/api/documents/1/file', newTab: true });
    expect(hitLink(hit({ type: 'document' }))).toEqual({ href: '#', newTab: true });
    expect(hitLink(hit({ type: 'page', path: '/beginners' }))).toEqual({ href: '/beginners', newTab: false });
    expect(hitLink(hit({ type: 'page' }))).toEqual({ href: '#', newTab: false });
    // docs/product.md#search: a news hit opens the e-mail's preview (in a new tab, as the News page does),
    // or the News page when it has none; never '#', and never a non-web address.
    expect(hitLink(hit({ type: 'news', detailsUrl: 'https://preview.mailerlite.io/abc' }))).toEqual({
      href: 'https://preview.mailerlite.io/abc',
      newTab: true,
    });
    expect(hitLink(hit({ type: 'news' }))).toEqual({ href: '/news', newTab: false });
    expect(hitLink(hit({ type: 'news', detailsUrl: '/x' }))).toEqual({ href: '/news', newTab: false });
    expect(hitLink(hit({ type: 'news', detailsUrl: 'javascript:alert(1)' }))).toEqual({ href: '/news', newTab: false });
    // A news item written in the app opens its own page, in the same tab.
    expect(hitLink(hit({ type: 'news', detailsUrl: '/news/news-1' }))).toEqual({ href: '/news/news-1', newTab: false });
    expect(hitLink(hit({ type: 'news', detailsUrl: '/news/a%2Fb' }))).toEqual({ href: '/news/a%2Fb', newTab: false });
    expect(hitLink(hit({ type: 'news', detailsUrl: '/news/x/y' }))).toEqual({ href: '/news', newTab: false });
  });

  it('falls back through name, title, subject, then Untitled', () => {
    expect(hitTitle(hit({ title: 'Constitution', subject: 'S' }))).toEqual([{ text: 'Constitution', match: false }]);
    expect(hitTitle(hit({ name: '', subject: 'June newsletter' }))).toEqual([{ text: 'June newsletter', match: false }]);
    expect(hitTitle(hit())).toEqual([{ text: 'Untitled', match: false }]);
  });

  it('uses the provider highlights of the chosen field', () => {
    const highlighted = hit({
      name: 'Summer Regatta',
      highlights: {
        name: [
          { text: 'Summer ', match: false },
          { text: 'Regatta', match: true },
        ],
      },
    });
    expect(hitTitle(highlighted)).toEqual([
      { text: 'Summer ', match: false },
      { text: 'Regatta', match: true },
    ]);
    const stale = hit({ name: 'Summer Regatta', highlights: { name: [{ text: 'Old', match: true }] } });
    expect(hitTitle(stale)).toEqual([{ text: 'Summer Regatta', match: false }]);
  });

  it('falls back through description, long description, then No description available', () => {
    expect(hitDescription(hit({ longdescription: 'Long text' }))).toEqual([{ text: 'Long text', match: false }]);
    expect(hitDescription(hit())).toEqual([{ text: 'No description available', match: false }]);
  });

  it('shows epoch seconds as an en-GB date', () => {
    expect(formatEpochDate(Date.UTC(2026, 5, 6, 9) / 1000)).toBe('06/06/2026');
    // 23:30 UTC on 5 June is already 6 June in London.
    expect(formatEpochDate(Date.UTC(2026, 5, 5, 23, 30) / 1000)).toBe('06/06/2026');
    expect(formatEpochDate(undefined)).toBe('');
    expect(formatEpochDate(Number.NaN)).toBe('');
    expect(formatEpochDate(1e20)).toBe('');
  });
});
