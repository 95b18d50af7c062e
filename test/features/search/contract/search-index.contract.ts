import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HIGHLIGHT_FIELDS, SEARCH_INDEXES, SearchHitSchema, type SearchHit, type SearchIndexName, type SearchRecord } from '../../../../core/search/search-hit';
import type { SearchIndex } from '../../../../core/search/search-index.port';
import { shownTextFields } from '../../../../core/search/search-display';

const regatta: SearchRecord = {
  objectID: 'regatta',
  type: 'event',
  category: 'event',
  name: 'Summer Régatta',
  description: 'Racing on the reservoir near the dam',
  longdescription: 'Bring your own boat. Lunch is served in the clubhouse.',
  eventDate: 1780736400,
  bookingUrl: '/event-booking?id=regatta',
  detailsUrl: '/calendar',
  tags: ['Boat event', 'Paid'],
};
const party: SearchRecord = {
  objectID: 'party',
  type: 'event',
  category: 'event',
  name: 'Winter Party',
  description: 'Food and drinks at the clubhouse',
  longdescription: '',
  detailsUrl: '/calendar',
  tags: ['Drinks'],
};
const handbook: SearchRecord = {
  objectID: 'handbook',
  type: 'document',
  category: 'rules',
  title: 'Members Handbook',
  description: 'Everything a new member needs: moorings, racing rules and the summer programme',
  downloadUrl: '/api/documents/handbook/file',
  tags: ['rules'],
};
const newsletter: SearchRecord = { objectID: 'spring', type: 'news', category: 'news', subject: 'Spring newsletter: regatta results', tags: [] };
const beginners: SearchRecord = {
  objectID: 'beginners',
  type: 'page',
  category: 'help',
  title: 'Beginner Sailing Tips',
  description: 'Use channel 16 for emergencies only',
  path: '/beginners',
  tags: [],
};

const ids = (hits: SearchHit[]) => hits.map((h) => `${h.index}/${h.objectID}`).sort();
const joined = (hit: SearchHit, field: (typeof HIGHLIGHT_FIELDS)[number]) => hit.highlights[field]?.map((s) => s.text).join('');
const marked = (hit: SearchHit, field: (typeof HIGHLIGHT_FIELDS)[number]) => (hit.highlights[field] ?? []).filter((s) => s.match).map((s) => s.text);

async function seeded(make: () => Promise<SearchIndex>): Promise<SearchIndex> {
  const index = await make();
  await index.upsert('events', [regatta, party]);
  await index.upsert('documents', [handbook]);
  await index.upsert('news', [newsletter]);
  await index.upsert('pages', [beginners]);
  return index;
}

/** The contract every SearchIndex adapter keeps; `make` returns a new, empty index each time. */
export function describeSearchIndexContract(name: string, make: () => Promise<SearchIndex>): void {
  describe(`SearchIndex contract: ${name}`, () => {
    it('has a provider name to show after "Powered by"', async () => {
      expect((await make()).providerName).toMatch(/\S/);
    });

    it('finds records in every index, each hit marked with its index and carrying the stored record', async () => {
      const index = await seeded(make);
      const hits = await index.search('regatta', { hitsPerIndex: 10 });
      expect(ids(hits)).toEqual(['events/regatta', 'news/spring']);
      const event = hits.find((h) => h.objectID === 'regatta')!;
      expect(SearchHitSchema.parse(event)).toEqual(event);
      const { highlights, index: source, ...record } = event;
      expect(source).toBe('events');
      expect(record).toEqual(regatta);
      expect(highlights.name).toBeDefined();
    });

    it('searches case- and accent-insensitively', async () => {
      const index = await seeded(make);
      for (const q of ['REGATTA', 'régatta', 'Regatta', 'rÉgAtTa']) {
        expect(ids(await index.search(q, { hitsPerIndex: 10 })), q).toEqual(['events/regatta', 'news/spring']);
      }
    });

    it('finds something at every keystroke: the last word matches the beginning of a word', async () => {
      const index = await seeded(make);
      const typed = 'Beginner';
      for (let n = 1; n <= typed.length; n += 1) {
        const hits = await index.search(typed.slice(0, n), { hitsPerIndex: 10 });
        expect(ids(hits), typed.slice(0, n)).toContain('pages/beginners');
      }
      expect(ids(await index.search('summer reg', { hitsPerIndex: 10 }))).toEqual(['events/regatta']);
    });

    it('needs every word of the query to match', async () => {
      const index = await seeded(make);
      expect(ids(await index.search('summer racing', { hitsPerIndex: 10 }))).toEqual(['documents/handbook', 'events/regatta']);
      expect(ids(await index.search('summer party', { hitsPerIndex: 10 }))).toEqual([]);
      expect(ids(await index.search('xylophone', { hitsPerIndex: 10 }))).toEqual([]);
    });

    it('searches the tags too', async () => {
      const index = await seeded(make);
      expect(ids(await index.search('drinks', { hitsPerIndex: 10 }))).toEqual(['events/party']);
      expect(ids(await index.search('paid', { hitsPerIndex: 10 }))).toEqual(['events/regatta']);
    });

    it('highlights the matched words and keeps the rest of the text as it is', async () => {
      const index = await seeded(make);
      const [hit] = await index.search('racing', { hitsPerIndex: 10 }).then((hs) => hs.filter((h) => h.objectID === 'regatta'));
      expect(marked(hit, 'description')).toEqual(['Racing']);
      expect(joined(hit, 'description')).toBe(regatta.description);
      expect(hit.highlights.name).toEqual([{ text: 'Summer Régatta', match: false }]);
      expect(joined(hit, 'longdescription')).toBe(regatta.longdescription);
      const [doc] = await index.search('moor', { hitsPerIndex: 10 });
      expect(marked(doc, 'description')).toEqual(['moorings']);
      expect(doc.highlights.title).toEqual([{ text: 'Members Handbook', match: false }]);
    });

    it('treats query syntax and odd characters as plain text', async () => {
      const index = await seeded(make);
      // "near" is an FTS operator word and also a word of the regatta's description.
      expect(ids(await index.search('near', { hitsPerIndex: 10 }))).toEqual(['events/regatta']);
      expect(ids(await index.search('"summer', { hitsPerIndex: 10 }))).toEqual(['documents/handbook', 'events/regatta']);
      expect(ids(await index.search('summer*', { hitsPerIndex: 10 }))).toEqual(['documents/handbook', 'events/regatta']);
      expect(ids(await index.search('channel 16', { hitsPerIndex: 10 }))).toEqual(['pages/beginners']);
      for (const q of [
        '"',
        '*',
        '-',
        '(',
        ')',
        'NEAR(',
        'AND',
        'OR NOT',
        'summer AND',
        'name:summer',
        '^x',
        '{a b}',
        "'",
        '\u0000',
        '😀',
        '\uE000',
        '\uD800',
        '   ',
        '!!!',
      ]) {
        const hits = await index.search(q, { hitsPerIndex: 10 });
        for (const hit of hits) expect(SearchHitSchema.parse(hit)).toEqual(hit);
      }
      expect(await index.search('!!! ???', { hitsPerIndex: 10 })).toEqual([]);
    });

    it('ranks a record matched in its name above one matched only in its long description', async () => {
      const index = await make();
      await index.upsert('events', [
        {
          objectID: 'b',
          type: 'event',
          category: 'event',
          name: 'Open day',
          description: 'Come along',
          longdescription: 'After the open day there is a barbecue for everyone.',
          tags: [],
        },
        { objectID: 'a', type: 'event', category: 'event', name: 'Barbecue', description: 'Food', longdescription: 'Burgers.', tags: [] },
      ]);
      const hits = await index.search('barbecue', { hitsPerIndex: 10 });
      expect(hits.map((h) => h.objectID)).toEqual(['a', 'b']);
    });

    it('returns at most hitsPerIndex hits from each index', async () => {
      const index = await make();
      const many = (prefix: string, type: SearchRecord['type']) =>
        Array.from({ length: 14 }, (_, i): SearchRecord => ({ objectID: `${prefix}${i}`, type, category: 'general', title: `Sailing notes ${i}`, tags: [] }));
      await index.upsert('events', many('e', 'event'));
      await index.upsert('documents', many('d', 'document'));
      await index.upsert('news', many('n', 'news').slice(0, 3));
      const hits = await index.search('sailing', { hitsPerIndex: 10 });
      const per = (name: SearchIndexName) => hits.filter((h) => h.index === name).length;
      expect([per('events'), per('documents'), per('news'), per('pages')]).toEqual([10, 10, 3, 0]);
      expect(await index.search('sailing', { hitsPerIndex: 0 })).toEqual([]);
    });

    it('replaces a record on upsert with the same objectID', async () => {
      const index = await seeded(make);
      await index.upsert('events', [{ ...party, name: 'Christmas Dinner' }]);
      expect(ids(await index.search('winter', { hitsPerIndex: 10 }))).toEqual([]);
      const hits = await index.search('christmas', { hitsPerIndex: 10 });
      expect(ids(hits)).toEqual(['events/party']);
      expect(hits[0].name).toBe('Christmas Dinner');
    });

    it('shows a record found before as it is now, after it changes and after it is removed', async () => {
      const index = await seeded(make);
      expect((await index.search('winter', { hitsPerIndex: 10 }))[0].description).toBe('Food and drinks at the clubhouse');
      await index.upsert('events', [{ ...party, description: 'Mulled wine by the fire', tags: ['Warm'] }]);
      const [changed] = await index.search('winter', { hitsPerIndex: 10 });
      expect([changed.description, changed.tags]).toEqual(['Mulled wine by the fire', ['Warm']]);
      expect(joined(changed, 'description')).toBe('Mulled wine by the fire');
      await index.remove('events', ['party']);
      expect(ids(await index.search('winter', { hitsPerIndex: 10 }))).toEqual([]);
    });

    it('keeps the same objectID in different indexes apart', async () => {
      const index = await seeded(make);
      await index.upsert('documents', [{ ...handbook, objectID: 'regatta', title: 'Regatta rules' }]);
      expect(ids(await index.search('regatta', { hitsPerIndex: 10 }))).toEqual(['documents/regatta', 'events/regatta', 'news/spring']);
      await index.remove('documents', ['regatta']);
      expect(ids(await index.search('regatta', { hitsPerIndex: 10 }))).toEqual(['events/regatta', 'news/spring']);
    });

    it('removes records by objectID and ignores unknown ids', async () => {
      const index = await seeded(make);
      await index.remove('events', ['regatta', 'no-such-record']);
      expect(ids(await index.search('regatta', { hitsPerIndex: 10 }))).toEqual(['news/spring']);
      expect(ids(await index.search('party', { hitsPerIndex: 10 }))).toEqual(['events/party']);
    });

    it('replaces the whole content of one index with replaceAll and leaves the others alone', async () => {
      const index = await seeded(make);
      await index.replaceAll('events', [{ objectID: 'agm', type: 'event', category: 'event', name: 'Annual General Meeting', tags: [] }]);
      expect(ids(await index.search('party', { hitsPerIndex: 10 }))).toEqual([]);
      expect(ids(await index.search('regatta', { hitsPerIndex: 10 }))).toEqual(['news/spring']);
      expect(ids(await index.search('annual', { hitsPerIndex: 10 }))).toEqual(['events/agm']);
      await index.replaceAll('events', []);
      expect(ids(await index.search('annual', { hitsPerIndex: 10 }))).toEqual([]);
      expect(ids(await index.search('handbook', { hitsPerIndex: 10 }))).toEqual(['documents/handbook']);
    });

    it('never throws on any query text, and every hit is well-formed', async () => {
      const index = await seeded(make);
      const special = fc.constantFrom(
        '"',
        '*',
        'NEAR',
        'NEAR(',
        'AND',
        'OR',
        'NOT',
        '(',
        ')',
        ':',
        '^',
        '-',
        '+',
        '{',
        '}',
        "'",
        '\u0000',
        '\u0301',
        '😀',
        'é',
        'summer',
        'reg',
        ' ',
      );
      const queryArb = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 20 }),
        fc.array(special, { maxLength: 12 }).map((parts) => parts.join('')),
      );
      await fc.assert(
        fc.asyncProperty(queryArb, async (q) => {
          const hits = await index.search(q, { hitsPerIndex: 10 });
          for (const hit of hits) {
            expect(SearchHitSchema.parse(hit)).toEqual(hit);
            for (const field of HIGHLIGHT_FIELDS) {
              if (hit.highlights[field]) expect(joined(hit, field)).toBe(hit[field]);
            }
          }
        }),
        { numRuns: 150 },
      );
    });

    it('gives highlights whose segments, joined, are exactly the stored text', async () => {
      const wordArb = fc.stringMatching(/^[A-Za-z0-9À-ÖØ-öø-ÿ]{1,8}$/);
      const textArb = fc
        .array(fc.tuple(wordArb, fc.constantFrom(' ', ', ', ' - ', '"', '*', ' (', ') ', '\uE000', '\uE001', '\n', '😀', '\u0000', '\uD800 ')), {
          maxLength: 12,
        })
        .map((parts) => parts.map(([w, sep]) => w + sep).join(''));
      await fc.assert(
        fc.asyncProperty(textArb, textArb, fc.nat(), async (name, description, pick) => {
          const index = await make();
          const record: SearchRecord = { objectID: 'r', type: 'page', category: 'general', name, description, tags: [] };
          await index.upsert('pages', [record]);
          // The private-use markers count as letters to the tokenizer, so they stay inside a word.
          const words = `${name} ${description}`.match(/[A-Za-z0-9À-ÖØ-öø-ÿ\uE000\uE001]+/g) ?? [];
          const query = words.length ? words[pick % words.length] : 'x';
          const hits = await index.search(query, { hitsPerIndex: 10 });
          if (words.length) expect(hits).toHaveLength(1);
          for (const hit of hits) {
            if (name) expect(joined(hit, 'name')).toBe(name);
            if (description) expect(joined(hit, 'description')).toBe(description);
            const all = [...marked(hit, 'name'), ...marked(hit, 'description')].join(' ').toLowerCase();
            expect(all.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 60 },
      );
    });

    it('asked to highlight only what a result shows, finds the same hits and marks the shown fields as a full search does', async () => {
      const words = ['regatta', 'junior', 'racing', 'boat', 'dinghy', 'lunch'];
      const textArb = fc.option(
        fc.array(fc.constantFrom(...words), { maxLength: 5 }).map((w) => w.join(' ')),
        { nil: undefined },
      );
      const recordArb = fc.record({
        name: textArb,
        title: textArb,
        description: textArb,
        longdescription: textArb,
        tags: fc.array(fc.constantFrom(...words), { maxLength: 2 }),
      });
      const queryArb = fc
        .tuple(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 2 }), fc.nat({ max: 4 }))
        .map(([q, cut]) => q.join(' ').slice(0, q.join(' ').length - cut));
      await fc.assert(
        fc.asyncProperty(fc.array(recordArb, { minLength: 1, maxLength: 4 }), queryArb, async (records, query) => {
          const index = await make();
          await index.upsert(
            'events',
            records.map((r, i) => ({ ...r, objectID: `r${i}`, type: 'event' as const, category: 'event' })),
          );
          const full = await index.search(query, { hitsPerIndex: 10 });
          const shown = await index.search(query, { hitsPerIndex: 10, highlight: 'shown' });
          expect(shown.map((h) => h.objectID)).toEqual(full.map((h) => h.objectID));
          shown.forEach((hit, i) => {
            for (const field of shownTextFields(hit)) expect(hit.highlights[field]).toEqual(full[i].highlights[field]);
          });
        }),
        { numRuns: 40 },
      );
    });

    it('returns at most hitsPerIndex per index, for any number of matching records', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ events: fc.nat(15), documents: fc.nat(15), news: fc.nat(15), pages: fc.nat(15) }),
          fc.integer({ min: 1, max: 12 }),
          async (counts, hitsPerIndex) => {
            const index = await make();
            for (const name of SEARCH_INDEXES) {
              await index.replaceAll(
                name,
                Array.from({ length: counts[name] }, (_, i) => ({
                  objectID: `${name}-${i}`,
                  type: 'page' as const,
                  category: 'general',
                  title: `Mooring ${i}`,
                  tags: [],
                })),
              );
            }
            const hits = await index.search('mooring', { hitsPerIndex });
            for (const name of SEARCH_INDEXES) {
              expect(hits.filter((h) => h.index === name)).toHaveLength(Math.min(counts[name], hitsPerIndex));
            }
          },
        ),
        { numRuns: 25 },
      );
    });

    it('after any sequence of upserts, removes and replaceAll, search sees exactly the records left', async () => {
      const idArb = fc.constantFrom('a', 'b', 'c', 'd');
      const indexArb = fc.constantFrom<SearchIndexName>('events', 'documents');
      const opArb = fc.oneof(
        fc.record({ op: fc.constant('upsert' as const), index: indexArb, ids: fc.array(idArb, { maxLength: 3 }), word: fc.constantFrom('kite', 'kayak') }),
        fc.record({ op: fc.constant('remove' as const), index: indexArb, ids: fc.array(idArb, { maxLength: 3 }) }),
        fc.record({
          op: fc.constant('replaceAll' as const),
          index: indexArb,
          ids: fc.uniqueArray(idArb, { maxLength: 3 }),
          word: fc.constantFrom('kite', 'kayak'),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { maxLength: 8 }), async (ops) => {
          const index = await make();
          const model = new Map<string, string>();
          for (const step of ops) {
            const record = (id: string, word: string): SearchRecord => ({ objectID: id, type: 'page', category: 'general', title: `${word} ${id}`, tags: [] });
            if (step.op === 'upsert') {
              await index.upsert(
                step.index,
                step.ids.map((id) => record(id, step.word)),
              );
              for (const id of step.ids) model.set(`${step.index}/${id}`, step.word);
            } else if (step.op === 'remove') {
              await index.remove(step.index, step.ids);
              for (const id of step.ids) model.delete(`${step.index}/${id}`);
            } else {
              await index.replaceAll(
                step.index,
                step.ids.map((id) => record(id, step.word)),
              );
              for (const key of [...model.keys()]) if (key.startsWith(`${step.index}/`)) model.delete(key);
              for (const id of step.ids) model.set(`${step.index}/${id}`, step.word);
            }
          }
          for (const word of ['kite', 'kayak']) {
            const expected = [...model]
              .filter(([, w]) => w === word)
              .map(([k]) => k)
              .sort();
            expect(ids(await index.search(word, { hitsPerIndex: 10 }))).toEqual(expected);
          }
        }),
        { numRuns: 40 },
      );
    });
  });
}
