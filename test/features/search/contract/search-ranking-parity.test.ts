import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { AlgoliaSearchIndex } from '../../../../adapters/algolia/algolia-search-index';
import { MemoryCampaignRepository } from '../../../../adapters/memory/memory-campaign-repository';
import { MemoryFileStore } from '../../../../adapters/memory/memory-file-store';
import { MemoryDocumentRepository } from '../../../../adapters/memory/memory-document-repository';
import { MemoryEventRepository } from '../../../../adapters/memory/memory-event-repository';
import { MemoryWaterLevelRepository } from '../../../../adapters/memory/memory-water-level-repository';
import { MemorySitePageRepository } from '../../../../adapters/memory/memory-site-page-repository';
import { MemoryWorkDayRepository } from '../../../../adapters/memory/memory-work-day-repository';
import { openSqliteDatabase } from '../../../../adapters/sqlite/sqlite-database';
import { SqliteSearchIndex } from '../../../../adapters/sqlite/sqlite-search-index';
import { HITS_PER_INDEX, TYPE_PRIORITY } from '../../../../core/search/search-ranking';
import { HIGHLIGHT_FIELDS, type SearchHit } from '../../../../core/search/search-hit';
import { readingMatchesExactly, searchReadings, searchWords } from '../../../../core/search/search-synonyms';
import { SearchSite } from '../../../../core/search/search';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { seedDemoData } from '../../../../server/seed/seed-demo-data';
import { RebuildSearchIndex } from '../../../../core/operations/rebuild-search-index';
import { FakeAlgoliaServer, UNHURRIED_ALGOLIA_TIMEOUTS } from '../../../support/fake-algolia-server';

const sitePages = new MemorySitePageRepository();

/**
 * The same searches on the demo club's data, through the embedded SQLite search and through
 * Algolia (the local Algolia API), ranked by the SearchSite use case: a member sees the same kinds
 * of hits in the same order whichever provider the club configured.
 */

const QUERIES = [
  'regatta',
  'race',
  'racing',
  'rescue boat',
  'slipway',
  'water',
  'annual general',
  'moorings',
  'club',
  'safety',
  'channel 16',
  'spring',
  'sail',
  'work day',
  'membership',
  'boat',
  'b',
];

let fake: FakeAlgoliaServer;
let db: Knex;
let sqlite: SearchSite;
let algolia: SearchSite;
let sqliteIndex: SqliteSearchIndex;
let algoliaIndex: AlgoliaSearchIndex;

beforeAll(async () => {
  const now = new Date('2026-05-01T09:00:00Z');
  const events = new MemoryEventRepository();
  const campaigns = new MemoryCampaignRepository();
  const documents = new MemoryDocumentRepository();
  const workDays = new MemoryWorkDayRepository();
  db = await openSqliteDatabase(':memory:');
  sqliteIndex = new SqliteSearchIndex(db);
  await seedDemoData(
    {
      events,
      campaigns,
      documents,
      files: new MemoryFileStore(),
      workDays,
      waterLevels: new MemoryWaterLevelRepository(),
      search: sqliteIndex,
      sitePages,
      clubName: 'Kestrel Yacht Club',
    },
    now,
  );

  fake = await FakeAlgoliaServer.start();
  algoliaIndex = new AlgoliaSearchIndex({
    appId: fake.appId,
    searchKey: fake.searchKey,
    adminKey: fake.adminKey,
    indexPrefix: 'kyc_',
    hosts: [fake.url],
    timeouts: UNHURRIED_ALGOLIA_TIMEOUTS,
  });
  await new RebuildSearchIndex({
    events,
    workDays,
    documents,
    campaignSource: campaigns,
    search: algoliaIndex,
    sitePages,
    clubName: 'Kestrel Yacht Club',
  }).execute();

  // A clock past every news item's publish time: both indexes are asked for the same hits.
  const clock = new FixedClock('2100-01-01T00:00:00.000Z');
  const reportSearchError = () => {};
  sqlite = new SearchSite({ search: sqliteIndex, clock, reportSearchError });
  algolia = new SearchSite({ search: algoliaIndex, clock, reportSearchError });
});

afterAll(async () => {
  await fake?.close();
  await db?.destroy();
});

const kinds = (hits: SearchHit[]) => hits.map((h) => h.type);

/**
 * The hits that match the query exactly as typed. The local Algolia server models neither typo
 * tolerance nor synonyms (real Algolia applies both, with the settings and synonyms the adapter
 * writes), so the SQLite hits found only through a typo or a synonym are set aside here; they are
 * ranked after the exact ones of their kind, so what is left keeps its order. The answer carries
 * only the text a result shows, so each hit is judged on its whole record, as its index holds it.
 */
async function asTyped(hits: SearchHit[], query: string, index: SqliteSearchIndex | AlgoliaSearchIndex): Promise<SearchHit[]> {
  const [typed] = searchReadings(query);
  const whole = new Map((await index.search(query, { hitsPerIndex: HITS_PER_INDEX })).map((h) => [`${h.index}/${h.objectID}`, h]));
  return hits.filter((shown) => {
    const h = whole.get(`${shown.index}/${shown.objectID}`)!;
    return readingMatchesExactly(typed, [...HIGHLIGHT_FIELDS.map((f) => searchWords(h[f] ?? '')), ...h.tags.map((t) => searchWords(t))]);
  });
}
const byKind = (hits: SearchHit[], type: SearchHit['type']) => hits.filter((h) => h.type === type).map((h) => `${h.index}/${h.objectID}`);

describe('search ranking parity: SQLite FTS5 and Algolia on the demo data', () => {
  it.each(QUERIES)('"%s": the same exact hits, the same kinds first (events, documents, pages, news), events in the same order', async (query) => {
    const [sqliteAnswer, fromAlgolia] = [await sqlite.execute(query), await algolia.execute(query)];
    const fromSqlite = { ...sqliteAnswer, hits: await asTyped(sqliteAnswer.hits, query, sqliteIndex) };
    expect(await asTyped(fromAlgolia.hits, query, algoliaIndex)).toEqual(fromAlgolia.hits);
    expect(fromAlgolia.provider).toBe('Algolia');
    expect(kinds(fromAlgolia.hits)).toEqual(kinds(fromSqlite.hits));
    expect(byKind(fromAlgolia.hits, 'event')).toEqual(byKind(fromSqlite.hits, 'event'));
    for (const type of ['document', 'page', 'news'] as const) {
      const [algoliaHits, sqliteHits] = [
        byKind(fromAlgolia.hits, type),
        byKind(
          sqliteAnswer.hits.filter((h) => h.type === type),
          type,
        ),
      ];
      // An index with more matches than one answer holds (HITS_PER_INDEX) is cut where each engine
      // ranks its ties (the pages' sections all say "club"): then both are full, not the same few.
      if (algoliaHits.length === HITS_PER_INDEX && sqliteHits.length === HITS_PER_INDEX) continue;
      expect(algoliaHits.sort(), type).toEqual(byKind(fromSqlite.hits, type).sort());
    }
    const priorities = fromAlgolia.hits.map((h) => TYPE_PRIORITY[h.type]);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
  });

  it('the queries cover every kind of hit, and mixed answers, so the comparison above means something', async () => {
    const all = await Promise.all(QUERIES.map((q) => algolia.execute(q)));
    const seen = new Set(all.flatMap((r) => kinds(r.hits)));
    expect([...seen].sort()).toEqual(['document', 'event', 'news', 'page']);
    expect(all.filter((r) => new Set(kinds(r.hits)).size >= 3).length).toBeGreaterThanOrEqual(3);
  });

  it('a regatta search shows the regatta event first and the regatta newsletter after every event, document and page', async () => {
    const { hits } = await algolia.execute('regatta');
    expect(hits[0]).toMatchObject({ type: 'event', name: 'Kestrel Open Regatta' });
    const firstNews = hits.findIndex((h) => h.type === 'news');
    expect(firstNews).toBeGreaterThan(0);
    expect(hits.slice(firstNews).every((h) => h.type === 'news')).toBe(true);
    expect(hits.map((h) => h.objectID)).toContain('cmp-regatta-entries');
  });
});

describe('the demo data on the embedded search: typos, synonyms and work days', () => {
  it('"Regata" finds what "regatta" finds, the regatta event first', async () => {
    const [typo, exact] = [await sqlite.execute('Regata'), await sqlite.execute('regatta')];
    expect(typo.hits[0]).toMatchObject({ type: 'event', name: 'Kestrel Open Regatta' });
    expect(typo.hits.map((h) => h.objectID).sort()).toEqual(expect.arrayContaining(exact.hits.map((h) => h.objectID).sort()));
  });

  it('"AGM" finds the meeting, its notice and the constitution, the event first', async () => {
    const { hits } = await sqlite.execute('AGM');
    expect(hits.map((h) => `${h.type}/${h.objectID}`)).toEqual(['event/annual-general-meeting', 'document/club-constitution', 'news/cmp-agm-notice']);
  });

  it('"pontoon" finds the work day that repairs it, linking to its sign-up page', async () => {
    const { hits } = await sqlite.execute('pontoon');
    expect(hits.find((h) => h.category === 'work day')).toMatchObject({
      type: 'event',
      name: 'Spring Work Day',
      bookingUrl: '/work-day-booking?id=spring-work-day',
    });
  });
});
