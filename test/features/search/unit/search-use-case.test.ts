import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SearchSite } from '../../../../core/search/search';
import { RebuildSearchIndex } from '../../../../core/operations/rebuild-search-index';
import { UnavailableError } from '../../../../core/shared/errors';
import type { SearchIndex } from '../../../../core/search/search-index.port';
import type { SearchRecord } from '../../../../core/search/search-hit';
import { makeWorld, REGATTA } from '../../../support/unit/world';
import { SITE_PAGE_SLUGS } from '../../../../core/site-pages/site-page';
import { defaultSitePage } from '../../../../core/site-pages/site-page-defaults';
import { pagesIndexRecords } from '../../../../core/site-pages/site-pages';
import { anEvent } from '../../../support/entities';

/** How many records the Beginners and Information pages give with their original words (always indexed). */
const SITE_PAGE_RECORDS = (
  await pagesIndexRecords(
    SITE_PAGE_SLUGS.map((slug) => defaultSitePage(slug, 'Kestrel Yacht Club')),
    [],
  )
).length;
/** A hit that is not one of those pages' records. */
const notSitePage = (id: string) => !id.startsWith('pages/page-');

const pages: SearchRecord[] = [
  {
    objectID: 'beginners',
    type: 'page',
    category: 'help',
    title: 'Beginner Sailing Tips',
    description: 'Racing rules for beginners',
    path: '/beginners',
    tags: [],
  },
];

/** Counts the searches that reach the index. */
function counting(inner: SearchIndex) {
  const calls: string[] = [];
  const index: SearchIndex = {
    providerName: inner.providerName,
    search: (q, o) => {
      calls.push(q);
      return inner.search(q, o);
    },
    upsert: (i, r) => inner.upsert(i, r),
    remove: (i, ids) => inner.remove(i, ids),
    replaceAll: (i, r) => inner.replaceAll(i, r),
  };
  return { index, calls };
}

async function seeded() {
  const world = makeWorld();
  await world.events.create(anEvent({ ...REGATTA, id: 'old-race', name: 'Racing series 2025', eventdatetime: '2025-05-01T09:00:00.000Z' }));
  await world.events.create(anEvent({ ...REGATTA, id: 'new-race', name: 'Racing series 2026', eventdatetime: '2026-05-01T09:00:00.000Z' }));
  await world.events.create(anEvent({ ...REGATTA, id: 'tbc-race', name: 'Racing clinic', eventdatetime: null, eventenddatetime: null }));
  await world.documents.put(
    { id: 'rules', title: 'Racing rules', description: 'The club racing rules', category: 'rules', fileName: 'rules.pdf', tags: [], position: 0 },
    'documents/rules-1',
  );
  await world.campaigns.put({ id: 'c1', subject: 'Racing results', finished_at: '2026-05-02T10:00:00.000Z', preview_url: null });
  await new RebuildSearchIndex({ ...world, campaignSource: world.campaigns }).execute(pages);
  return world;
}

describe('SearchSite', () => {
  it('ranks events first (latest date first, undated last), then documents, pages and news', async () => {
    const world = await seeded();
    const { hits, provider } = await new SearchSite(world).execute('racing');
    expect(provider).toBe('Built-in search');
    expect(hits.map((h) => `${h.type}:${h.objectID}`)).toEqual([
      'event:new-race',
      'event:old-race',
      'event:tbc-race',
      'document:rules',
      'page:beginners',
      'news:c1',
    ]);
  });

  it('answers a blank query with no hits, without asking the index', async () => {
    const world = await seeded();
    const { index, calls } = counting(world.search);
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\s*$/), async (blank) => {
        expect(await new SearchSite({ ...world, search: index }).execute(blank)).toEqual({ hits: [], provider: 'Built-in search' });
      }),
    );
    expect(calls).toEqual([]);
  });

  it('asks for 10 hits per index and cuts an overlong query', async () => {
    const world = makeWorld();
    const many = Array.from({ length: 15 }, (_, i): SearchRecord => ({
      objectID: `d${i}`,
      type: 'document',
      category: 'rules',
      title: `Mooring rule ${i}`,
      tags: [],
    }));
    await world.search.replaceAll('documents', many);
    const { index, calls } = counting(world.search);
    const use = new SearchSite({ ...world, search: index });
    expect((await use.execute('mooring')).hits).toHaveLength(10);
    await use.execute('x'.repeat(5000));
    expect(calls[1]).toHaveLength(200);
  });

  it('answers a search provider failure with no hits and reports it (the spec logs it, shows no message)', async () => {
    const broken: SearchIndex = {
      providerName: 'broken',
      search: async () => {
        throw new UnavailableError('search down');
      },
      upsert: async () => {},
      remove: async () => {},
      replaceAll: async () => {},
    };
    const reported: unknown[] = [];
    const result = await new SearchSite({ ...makeWorld(), search: broken, reportSearchError: (e) => reported.push(e) }).execute('racing');
    expect(result).toEqual({ hits: [], provider: 'broken' });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(UnavailableError);
  });
});

describe('RebuildSearchIndex', () => {
  it('replaces each index with the stored events, documents, campaigns, the given pages and the editable pages', async () => {
    const world = await seeded();
    await world.events.delete('old-race');
    const counts = await new RebuildSearchIndex({ ...world, campaignSource: world.campaigns }).execute([]);
    expect(counts).toEqual({ events: 2, documents: 1, news: 1, pages: SITE_PAGE_RECORDS });
    const hits = await world.search.search('racing', { hitsPerIndex: 10 });
    expect(
      hits
        .map((h) => `${h.index}/${h.objectID}`)
        .filter(notSitePage)
        .sort(),
    ).toEqual(['documents/rules', 'events/new-race', 'events/tbc-race', 'news/c1']);
    const doc = hits.find((h) => h.index === 'documents');
    expect(doc?.downloadUrl).toBe('/api/documents/rules/file');
  });

  it('keeps the old news index when the campaign source is down, and rebuilds the rest', async () => {
    const world = await seeded();
    await world.events.delete('old-race');
    const down = { listRecent: async () => Promise.reject(new UnavailableError('Failed to fetch communications: Bad Gateway')) };
    const counts = await new RebuildSearchIndex({ ...world, campaignSource: down }).execute(pages);
    expect(counts).toEqual({ events: 2, documents: 1, news: null, pages: 1 + SITE_PAGE_RECORDS });
    const ids = (await world.search.search('racing', { hitsPerIndex: 10 }))
      .map((h) => `${h.index}/${h.objectID}`)
      .filter(notSitePage)
      .sort();
    expect(ids).toEqual(['documents/rules', 'events/new-race', 'events/tbc-race', 'news/c1', 'pages/beginners']);
  });
});
