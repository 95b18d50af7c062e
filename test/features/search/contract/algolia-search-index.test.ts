import { MemoryPushOutbox } from '../../../../adapters/memory/memory-push-outbox';
import { MemoryPushSubscriptionRepository } from '../../../../adapters/memory/memory-push-subscription-repository';
import { MemoryDutyRepository } from '../../../../adapters/memory/memory-duty-repository';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { algoliasearch } from 'algoliasearch';
import {
  ALGOLIA_BATCH_SIZE,
  ALGOLIA_INDEX_SETTINGS,
  AlgoliaSearchIndex,
  INDEX_UPDATE_FAILED,
  SEARCH_UNAVAILABLE,
  highlightSegments,
  type AlgoliaSearchIndexOptions,
} from '../../../../adapters/algolia/algolia-search-index';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { MemoryBookingRepository } from '../../../../adapters/memory/memory-booking-repository';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryEventRepository } from '../../../../adapters/memory/memory-event-repository';
import { MemoryJobQueue } from '../../../../adapters/memory/memory-job-queue';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { HmacBookingLinks } from '../../../../adapters/node-crypto/hmac-booking-links';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { TestPaymentGateway } from '../../../../adapters/test-payments/test-payment-gateway';
import type { Clock } from '../../../../core/shared/clock.port';
import { emptyEventForm } from '../../../../core/events/event-form';
import type { Admin } from '../../../../core/admins/admin';
import { UnavailableError } from '../../../../core/shared/errors';
import { SEARCH_SYNONYMS } from '../../../../core/search/search-synonyms';
import { CreateEvent } from '../../../../core/events/create-event';
import { DeleteEvent } from '../../../../core/operations/delete-event';
import { UpdateEvent } from '../../../../core/operations/update-event';
import type { SearchRecord } from '../../../../core/search/search-hit';
import { ReindexError, reindex } from '../../../../scripts/reindex';
import { ConfigError, loadConfig } from '../../../../server/config';
import { DATABASE_FILE_NAME, createContainer } from '../../../../server/container';
import { seedDemoData } from '../../../../server/seed/seed-demo-data';
import { FakeAlgoliaServer, UNHURRIED_ALGOLIA_TIMEOUTS } from '../../../support/fake-algolia-server';
import { mailerLiteDate, startFakeMailerLiteServer } from '../../../support/fake-mailerlite-server';
import { describeSearchIndexContract } from './search-index.contract';
import { tempSqlite, type TempSqlite } from '../../../support/temp-sqlite';

let fake: FakeAlgoliaServer;
const extraServers: FakeAlgoliaServer[] = [];
let prefixes = 0;

beforeAll(async () => {
  fake = await FakeAlgoliaServer.start();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(extraServers.splice(0).map((s) => s.close()));
});

function freshPrefix(): string {
  prefixes += 1;
  return `t${prefixes}_`;
}

function makeIndex(options: Partial<AlgoliaSearchIndexOptions> = {}, server: FakeAlgoliaServer = fake): AlgoliaSearchIndex {
  return new AlgoliaSearchIndex({
    appId: server.appId,
    searchKey: server.searchKey,
    adminKey: server.adminKey,
    indexPrefix: freshPrefix(),
    hosts: [server.url],
    ...options,
  });
}

async function startServer(options?: Parameters<typeof FakeAlgoliaServer.start>[0]): Promise<FakeAlgoliaServer> {
  const server = await FakeAlgoliaServer.start(options);
  extraServers.push(server);
  return server;
}

const page = (objectID: string, title: string, extra: Partial<SearchRecord> = {}): SearchRecord => ({
  objectID,
  type: 'page',
  category: 'general',
  title,
  tags: [],
  ...extra,
});

/** What the event use cases take besides the events and the index: an audit log, ids, a test gateway. */
function eventDeps(clock: Clock) {
  const secret = 'a-secret-for-the-contract-tests-0123';
  return {
    clock,
    ids: new SequentialIdGenerator('ev'),
    audit: new MemoryAuditLog(),
    payments: new TestPaymentGateway({ checkoutSecret: secret, webhookSecret: secret, clock }),
    maxAttendees: 50,
  };
}

const queriesTo = (server: FakeAlgoliaServer) => server.requestsTo('POST', /^\/1\/indexes\/\*\/queries$/);

async function elapsed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

// The contract is not about timeouts (those have their own tests below): a loaded machine may
// take longer than the production read timeout to answer, which is no failure of the adapter.
describeSearchIndexContract('AlgoliaSearchIndex (against the local Algolia API)', async () => makeIndex({ timeouts: UNHURRIED_ALGOLIA_TIMEOUTS }));

describe('AlgoliaSearchIndex requests', () => {
  it('searches the four prefixed indexes in ONE multi-query request, 10 hits each, with the search-only key', async () => {
    const index = makeIndex({ indexPrefix: 'kyc_parity_' });
    await index.upsert('pages', [page('info', 'Club information')]);
    const before = queriesTo(fake).length;
    const hits = await index.search('club', { hitsPerIndex: 10 });
    const sent = queriesTo(fake).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toBe('search');
    const requests = (sent[0].body as { requests: { indexName: string; query: string; hitsPerPage: number }[] }).requests;
    expect(requests.map((r) => r.indexName)).toEqual(['kyc_parity_events', 'kyc_parity_documents', 'kyc_parity_news', 'kyc_parity_pages']);
    expect(requests.map((r) => [r.query, r.hitsPerPage])).toEqual(Array(4).fill(['club', 10]));
    expect(hits.map((h) => [h.index, h.objectID])).toEqual([['pages', 'info']]);
  });

  it('writes only with the admin key, and the search key never writes', async () => {
    const index = makeIndex();
    await index.upsert('events', [page('a', 'Open day', { type: 'event' })]);
    await index.remove('events', ['a']);
    await index.replaceAll('news', [page('n', 'Newsletter', { type: 'news' })]);
    await index.search('newsletter', { hitsPerIndex: 10 });
    const prefix = index.indexName('events').replace(/events$/, '');
    const mine = fake.requests.filter((r) => r.path.includes(`/${prefix}`) || r.path.endsWith('/queries'));
    for (const request of mine) {
      const isWrite = request.method !== 'GET' && !request.path.endsWith('/queries');
      if (isWrite) expect(request.key, `${request.method} ${request.path}`).toBe('admin');
    }
    const myQueries = queriesTo(fake).filter((r) => (r.body as { requests: { indexName: string }[] }).requests[0].indexName.startsWith(prefix));
    expect(myQueries).toHaveLength(1);
    expect(myQueries[0].key).toBe('search');
  });

  it('sends no request for a query without letters or digits (Algolia would answer it with every record)', async () => {
    const index = makeIndex();
    await index.upsert('pages', [page('p', 'Trip slips')]);
    const before = queriesTo(fake).length;
    for (const q of ['!!! ???', '   ', '"*"', '\u0000', '😀']) expect(await index.search(q, { hitsPerIndex: 10 })).toEqual([]);
    expect(await index.search('trip', { hitsPerIndex: 0 })).toEqual([]);
    expect(queriesTo(fake).length).toBe(before);
  });

  it('puts the search settings on all four indexes before the first write, and replaceAll keeps them and leaves no temporary index', async () => {
    const index = makeIndex();
    await index.upsert('events', [page('e', 'Regatta', { type: 'event' })]);
    for (const name of ['events', 'documents', 'news', 'pages'] as const) {
      expect(fake.settings(index.indexName(name))?.searchableAttributes, name).toEqual(ALGOLIA_INDEX_SETTINGS.searchableAttributes);
    }
    await index.replaceAll('events', [page('f', 'Frostbite series', { type: 'event' })]);
    expect(fake.settings(index.indexName('events'))?.searchableAttributes).toEqual(ALGOLIA_INDEX_SETTINGS.searchableAttributes);
    expect(fake.indexNames().filter((n) => n.startsWith(index.indexName('events')) && n !== index.indexName('events'))).toEqual([]);
    expect((await index.search('frostbite', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['f']);
  });

  it('turns typo tolerance on with core’s limits (1 typo from 5 letters, 2 from 9) in the settings and in every search', async () => {
    const index = makeIndex();
    await index.upsert('events', [page('e', 'Regatta', { type: 'event' })]);
    for (const name of ['events', 'documents', 'news', 'pages'] as const) {
      expect(fake.settings(index.indexName(name)), name).toMatchObject({ typoTolerance: true, minWordSizefor1Typo: 5, minWordSizefor2Typos: 9 });
    }
    await index.search('regata', { hitsPerIndex: 10 });
    const [query] = queriesTo(fake).slice(-1);
    for (const request of (query.body as { requests: Record<string, unknown>[] }).requests) {
      expect(request).toMatchObject({ typoTolerance: true, minWordSizefor1Typo: 5, minWordSizefor2Typos: 9 });
    }
  });

  it('gives all four indexes core’s synonym list, replacing any other, and replaceAll keeps it', async () => {
    const index = makeIndex();
    // A synonym saved earlier by someone else is replaced: the list in core is the one used.
    const admin = algoliasearch(fake.appId, fake.adminKey, {
      hosts: [{ url: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http', accept: 'readWrite' }],
    });
    const old = await admin.saveSynonyms({
      indexName: index.indexName('news'),
      synonymHit: [{ objectID: 'old', type: 'synonym', synonyms: ['boat', 'yacht'] }],
    });
    await admin.waitForTask({ indexName: index.indexName('news'), taskID: old.taskID });
    await index.upsert('news', [page('n', 'Notice of the Annual General Meeting', { type: 'news' })]);
    const expected = SEARCH_SYNONYMS.map((group) => group.join(' / ')).sort();
    for (const name of ['events', 'documents', 'news', 'pages'] as const) {
      const synonyms = fake.synonyms(index.indexName(name));
      expect(
        synonyms.every((s) => s.type === 'synonym'),
        name,
      ).toBe(true);
      expect(synonyms.map((s) => (s.synonyms ?? []).join(' / ')).sort(), name).toEqual(expected);
    }
    expect(fake.synonyms(index.indexName('news')).map((s) => s.objectID)).not.toContain('old');
    expect(fake.synonyms(index.indexName('news')).find((s) => s.synonyms?.includes('agm'))?.synonyms).toEqual(['agm', 'annual general meeting']);
    await index.replaceAll('news', [page('m', 'Minutes of the AGM', { type: 'news' })]);
    expect(
      fake
        .synonyms(index.indexName('news'))
        .map((s) => (s.synonyms ?? []).join(' / '))
        .sort(),
    ).toEqual(expected);
  });

  it('waits for its tasks, however long Algolia takes to publish them, before a write returns', async () => {
    const slowTasks = await startServer({ pollsBeforePublish: 2, publishAfterMs: 60_000 });
    const index = makeIndex({}, slowTasks);
    await index.upsert('documents', [page('fees', 'Membership fees', { type: 'document' })]);
    expect((await index.search('fees', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['fees']);
    const polls = slowTasks.requestsTo('GET', /\/task\/\d+$/);
    expect(polls.length).toBeGreaterThanOrEqual(3);
  });
});

describe('AlgoliaSearchIndex batches of 1,000', () => {
  const many = (n: number, word: string) => Array.from({ length: n }, (_, i) => page(`${word}-${i}`, `${word} note ${i}`));

  it('upserts 2,500 records in batches of 1,000, 1,000 and 500', async () => {
    const index = makeIndex();
    await index.upsert('pages', many(2500, 'kite'));
    const batches = fake.requestsTo('POST', new RegExp(`^/1/indexes/${index.indexName('pages')}/batch$`));
    expect(batches.map((b) => (b.body as { requests: unknown[] }).requests.length)).toEqual([ALGOLIA_BATCH_SIZE, ALGOLIA_BATCH_SIZE, 500]);
    expect(fake.records(index.indexName('pages'))).toHaveLength(2500);
    expect(await index.search('kite', { hitsPerIndex: 10 })).toHaveLength(10);
  });

  it('replaces all with 1,001 records in two batches and removes 1,001 records in two batches', async () => {
    const index = makeIndex();
    await index.replaceAll('documents', many(1001, 'mooring'));
    const toTemporary = fake.requestsTo('POST', new RegExp(`^/1/indexes/${index.indexName('documents')}_tmp_\\d+/batch$`));
    expect(toTemporary.map((b) => (b.body as { requests: unknown[] }).requests.length)).toEqual([1000, 1]);
    expect(fake.records(index.indexName('documents'))).toHaveLength(1001);

    await index.remove(
      'documents',
      many(1001, 'mooring').map((r) => r.objectID),
    );
    const deletes = fake.requestsTo('POST', new RegExp(`^/1/indexes/${index.indexName('documents')}/batch$`));
    expect(deletes.map((b) => (b.body as { requests: { action: string }[] }).requests.map((r) => r.action))).toEqual([
      Array(1000).fill('deleteObject'),
      ['deleteObject'],
    ]);
    expect(await index.search('mooring', { hitsPerIndex: 10 })).toEqual([]);
  });
});

describe('AlgoliaSearchIndex highlights', () => {
  it('never decodes stored text as HTML: tags and entities in a record come back as the text they are', async () => {
    const index = makeIndex();
    const title = '<b>Fish &amp; chips</b> <em>night</em> <kyc-hl-00>';
    await index.upsert('pages', [page('fish', title, { description: '<script>alert("chips")</script>' })]);
    const [hit] = await index.search('chips', { hitsPerIndex: 10 });
    expect(hit.highlights.title?.map((s) => s.text).join('')).toBe(title);
    expect(hit.highlights.title?.filter((s) => s.match).map((s) => s.text)).toEqual(['chips']);
    expect(hit.highlights.description?.map((s) => s.text).join('')).toBe('<script>alert("chips")</script>');
    expect(hit.highlights.description?.filter((s) => s.match).map((s) => s.text)).toEqual(['chips']);
  });

  it('marks whole words, as the embedded search does, where Algolia marks only the typed part', () => {
    expect(highlightSegments('Bring the <x>moor</x>ings map', 'Bring the moorings map', '<x>', '</x>')).toEqual([
      { text: 'Bring the ', match: false },
      { text: 'moorings', match: true },
      { text: ' map', match: false },
    ]);
    expect(highlightSegments('<x>Ré</x>gatta, <x>ré</x>sumé', 'Régatta, résumé', '<x>', '</x>')).toEqual([
      { text: 'Régatta', match: true },
      { text: ', ', match: false },
      { text: 'résumé', match: true },
    ]);
  });

  it('refuses a highlighted value whose text is not the stored text (the hit then shows it unmarked)', () => {
    expect(highlightSegments('Fish &amp; <x>chips</x>', 'Fish & chips', '<x>', '</x>')).toBeNull();
  });

  it('gives segments that, joined, are the original text for any text and any marked words', () => {
    const textArb = fc.array(fc.tuple(fc.stringMatching(/^[A-Za-zÀ-ÖØ-öø-ÿ0-9]{1,6}$/), fc.constantFrom(' ', ', ', '<', '&amp;', '😀', '\n')), {
      maxLength: 10,
    });
    fc.assert(
      fc.property(textArb, fc.array(fc.boolean(), { maxLength: 10 }), (parts, marks) => {
        const original = parts.map(([w, s]) => w + s).join('');
        const value = parts.map(([w, s], i) => (marks[i] ? `[[${w.slice(0, 2)}]]${w.slice(2)}` : w) + s).join('');
        const segments = highlightSegments(value, original, '[[', ']]');
        expect(segments?.map((s) => s.text).join('')).toBe(original);
        const expected = parts.filter((_, i) => marks[i]).map(([w]) => w);
        expect(segments?.filter((s) => s.match).map((s) => s.text)).toEqual(expected.length ? expect.arrayContaining(expected) : []);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves out a hit whose stored record is not a search record (edited by hand in the dashboard)', async () => {
    const index = makeIndex();
    await index.upsert('pages', [page('good', 'Galley opening times')]);
    const admin = algoliasearch(fake.appId, fake.adminKey, {
      hosts: [{ url: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http', accept: 'readWrite' }],
    });
    await admin.saveObjects({
      indexName: index.indexName('pages'),
      objects: [{ objectID: 'bad', title: 'Galley rota', tags: 'not a list' }],
      waitForTasks: true,
    });
    expect((await index.search('galley', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['good']);
  });
});

describe('AlgoliaSearchIndex failures', () => {
  it('a search fails with UnavailableError (no key in what it carries) when the search key is refused', async () => {
    const writer = makeIndex();
    await writer.upsert('pages', [page('p', 'Trip slips')]);
    const index = makeIndex({ indexPrefix: writer.indexName('events').replace(/events$/, ''), searchKey: 'a-wrong-search-key' });
    const error = await index.search('trip', { hitsPerIndex: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe(SEARCH_UNAVAILABLE);
    expect(JSON.stringify((error as Error).cause)).toContain('Invalid Application-ID or API key');
    expect(JSON.stringify((error as Error).cause)).not.toContain('a-wrong-search-key');
    expect(queriesTo(fake).at(-1)?.key).toBe('invalid');
  });

  it('a write fails with UnavailableError when the admin key is refused, or when it is only a search key', async () => {
    const wrong = makeIndex({ adminKey: 'a-wrong-admin-key' });
    const error = await wrong.upsert('events', [page('e', 'Regatta', { type: 'event' })]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe(INDEX_UPDATE_FAILED);
    expect(JSON.stringify((error as Error).cause)).not.toContain('a-wrong-admin-key');

    const searchOnly = makeIndex({ adminKey: fake.searchKey });
    const refused = await searchOnly.replaceAll('events', []).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnavailableError);
    expect(JSON.stringify((refused as Error).cause)).toContain('Method not allowed with this API key');
  });

  it('a search before anything was indexed (Algolia answers 404) creates the four indexes and finds nothing', async () => {
    const index = makeIndex();
    const before = queriesTo(fake).length;
    expect(await index.search('anything', { hitsPerIndex: 10 })).toEqual([]);
    expect(queriesTo(fake).length - before).toBe(2);
    for (const name of ['events', 'documents', 'news', 'pages'] as const) {
      expect(fake.settings(index.indexName(name))?.searchableAttributes, name).toEqual(ALGOLIA_INDEX_SETTINGS.searchableAttributes);
    }
  });

  it('a search recreates an index deleted by hand in the dashboard and still finds what the others hold', async () => {
    const index = makeIndex();
    await index.upsert('pages', [page('p', 'Trip slips')]);
    const admin = algoliasearch(fake.appId, fake.adminKey, {
      hosts: [{ url: '127.0.0.1', port: Number(new URL(fake.url).port), protocol: 'http', accept: 'readWrite' }],
    });
    const { taskID } = await admin.deleteIndex({ indexName: index.indexName('news') });
    await admin.waitForTask({ indexName: index.indexName('news'), taskID });
    expect((await index.search('trip', { hitsPerIndex: 10 })).map((h) => h.objectID)).toEqual(['p']);
    expect(fake.indexNames()).toContain(index.indexName('news'));
  });

  it('a search fails with UnavailableError when every host answers with a server error', async () => {
    const broken = await startServer();
    const index = makeIndex({ hosts: [broken.url] }, broken);
    broken.failWith(503);
    await expect(index.search('regatta', { hitsPerIndex: 10 })).rejects.toBeInstanceOf(UnavailableError);
    // The client tried the only host it has; nothing else was contacted.
    expect(queriesTo(broken).length).toBeGreaterThanOrEqual(1);
  });
});

describe('AlgoliaSearchIndex hosts and timeouts (spec: connect 1 s, read 2 s, write 30 s; a down host skipped for 2 minutes)', () => {
  /** Two hosts of one application, holding the same data; the tests make the first misbehave. */
  async function twoHosts(): Promise<{ first: FakeAlgoliaServer; second: FakeAlgoliaServer; prefix: string }> {
    const first = await startServer();
    const second = await startServer();
    const prefix = freshPrefix();
    for (const server of [first, second]) {
      await makeIndex({ indexPrefix: prefix, hosts: [server.url] }, server).upsert('events', [page('regatta', 'Summer regatta', { type: 'event' })]);
    }
    return { first, second, prefix };
  }

  /** Searches both hosts, the first slowed down as told, and finds the data; the hosts and how long the search took. */
  async function searchWithFirstSlowed(delays: Parameters<FakeAlgoliaServer['slowDown']>[0]) {
    const { first, second, prefix } = await twoHosts();
    first.slowDown(delays);
    const index = makeIndex({ indexPrefix: prefix, hosts: [first.url, second.url] }, second);
    const { ms, value } = await elapsed(() => index.search('regatta', { hitsPerIndex: 10 }));
    expect(value.map((h) => h.objectID)).toEqual(['regatta']);
    return { first, second, ms };
  }

  it('gives up on a host that has not answered within the 1 s connect timeout and asks the next one', async () => {
    const { first, second, ms } = await searchWithFirstSlowed({ headersMs: 1_900 });
    expect(queriesTo(first)).toHaveLength(1);
    expect(queriesTo(second)).toHaveLength(1);
    // The first host was given its full second (timers never fire early); that the second host
    // was asked at all shows the client gave up on the first. How soon after is the machine's
    // speed, not the adapter's behaviour, so it is not asserted.
    expect(ms).toBeGreaterThanOrEqual(950);
  });

  it('gives up on a search whose answer has not been read within the 2 s read timeout and asks the next host', async () => {
    const { second, ms } = await searchWithFirstSlowed({ bodyMs: 3_600 });
    expect(queriesTo(second)).toHaveLength(1);
    expect(ms).toBeGreaterThanOrEqual(1_950);
  });

  it('lets a write take longer than the read timeout (write timeout 30 s) without moving to the next host', async () => {
    const first = await startServer();
    const second = await startServer();
    const index = makeIndex({ hosts: [first.url, second.url] }, first);
    await index.applySettings();
    // Only the write itself is slow: waiting for its task is a read, with the 2 s read timeout.
    first.slowDown({ bodyMs: 2_300, only: /^POST .*\/batch$/ });
    const { ms } = await elapsed(() => index.upsert('events', [page('agm', 'Annual general meeting', { type: 'event' })]));
    expect(ms).toBeGreaterThanOrEqual(2_250);
    expect(second.requests).toEqual([]);
    expect(first.records(index.indexName('events')).map((r) => r.objectID)).toEqual(['agm']);
  });

  it('skips a host that is down for 2 minutes, then tries it again', async () => {
    const { first, second, prefix } = await twoHosts();
    first.failWith(503);
    const index = makeIndex({ indexPrefix: prefix, hosts: [first.url, second.url] }, second);
    const search = async () => (await index.search('regatta', { hitsPerIndex: 10 })).map((h) => h.objectID);

    expect(await search()).toEqual(['regatta']);
    expect([queriesTo(first).length, queriesTo(second).length]).toEqual([1, 1]);
    expect(await search()).toEqual(['regatta']);
    expect([queriesTo(first).length, queriesTo(second).length]).toEqual([1, 2]);

    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 110_000);
    expect(await search()).toEqual(['regatta']);
    expect([queriesTo(first).length, queriesTo(second).length]).toEqual([1, 3]);

    vi.setSystemTime(start + 121_000);
    first.failWith(null);
    expect(await search()).toEqual(['regatta']);
    expect([queriesTo(first).length, queriesTo(second).length]).toEqual([2, 3]);
  });
});

describe('npm run reindex (scripts/reindex.ts)', () => {
  const dirs: TempSqlite[] = [];
  afterAll(async () => {
    for (const dir of dirs) await dir.close();
  });

  /** The settings reindex reads to fill the fake Algolia, under this index prefix, from the data in `dir`. */
  function onFakeAlgolia(dir: string, prefix: string): Record<string, string> {
    return {
      DATA_DIR: dir,
      NODE_ENV: 'test',
      SEARCH: 'algolia',
      ALGOLIA_APP_ID: fake.appId,
      ALGOLIA_SEARCH_KEY: fake.searchKey,
      ALGOLIA_ADMIN_KEY: fake.adminKey,
      ALGOLIA_INDEX_PREFIX: prefix,
      ALGOLIA_HOSTS: fake.url,
    };
  }

  async function seededDataDir(): Promise<string> {
    // A data folder, its SQLite file made and seeded by the server's own container.
    const data = tempSqlite('kyc-reindex-', DATABASE_FILE_NAME);
    dirs.push(data);
    const dir = data.dir;
    const ports = await createContainer(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }));
    try {
      await seedDemoData(
        {
          events: ports.get('events'),
          workDays: ports.get('workDays'),
          campaigns: ports.get('campaigns'),
          documents: ports.get('documents'),
          files: ports.get('files'),
          waterLevels: ports.get('waterLevels'),
          search: ports.get('search'),
          sitePages: ports.get('sitePages'),
          clubName: 'Kestrel Yacht Club',
        },
        new Date('2026-05-01T09:00:00Z'),
      );
    } finally {
      await ports.close();
    }
    return dir;
  }

  it('rebuilds the four Algolia indexes from the stored data when SEARCH=algolia', async () => {
    const dir = await seededDataDir();
    const result = await reindex(onFakeAlgolia(dir, 'reindexed_'));
    expect(result.provider).toBe('Algolia');
    expect(result.events).toBeGreaterThan(0);
    expect(result.documents).toBeGreaterThan(0);
    expect(result.news).toBeGreaterThan(0);
    expect(result.pages).toBeGreaterThan(0);
    expect(fake.records('reindexed_events')).toHaveLength(result.events);
    expect(fake.records('reindexed_documents')).toHaveLength(result.documents);
    expect(fake.records('reindexed_news')).toHaveLength(result.news ?? -1);
    expect(fake.records('reindexed_pages')).toHaveLength(result.pages);
    expect(fake.records('reindexed_events').map((r) => r.name)).toContain('Kestrel Open Regatta');
  });

  it('indexes the news of MailerLite, not the stored campaigns, when CAMPAIGNS=mailerlite', async () => {
    const dir = await seededDataDir();
    const mailerlite = await startFakeMailerLiteServer();
    try {
      mailerlite.campaigns.push({
        id: '901',
        name: 'internal',
        status: 'sent',
        finished_at: mailerLiteDate('2026-04-20T17:30:00Z'),
        emails: [{ subject: 'Slipway resurfacing weekend', preview_url: null }],
      });
      const result = await reindex({
        ...onFakeAlgolia(dir, 'mailerlite_'),
        CAMPAIGNS: 'mailerlite',
        MAILERLITE_API_KEY: mailerlite.apiKey,
        MAILERLITE_BASE_URL: mailerlite.baseUrl,
      });
      expect(result.news).toBe(1);
      expect(fake.records('mailerlite_news').map((r) => r.subject)).toEqual(['Slipway resurfacing weekend']);
    } finally {
      await mailerlite.close();
    }
  });

  it('rebuilds the SQLite index by default', async () => {
    const dir = await seededDataDir();
    const result = await reindex({ DATA_DIR: dir, NODE_ENV: 'test' });
    expect(result.provider).toBe('SQLite full-text search');
    expect(result.events).toBeGreaterThan(0);
  });

  it('names every missing Algolia setting, and refuses to rebuild from a database that is not there', async () => {
    const dir = await seededDataDir();
    const error = await reindex({ DATA_DIR: dir, NODE_ENV: 'test', SEARCH: 'algolia', ALGOLIA_APP_ID: 'APP' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(/ALGOLIA_SEARCH_KEY[\s\S]*ALGOLIA_ADMIN_KEY/);

    const emptyData = tempSqlite('kyc-reindex-empty-', DATABASE_FILE_NAME);
    dirs.push(emptyData);
    const empty = emptyData.dir;
    await expect(reindex({ DATA_DIR: empty, NODE_ENV: 'test' })).rejects.toBeInstanceOf(ReindexError);
    expect(existsSync(join(empty, DATABASE_FILE_NAME))).toBe(false);
  });
});

describe('events stay in sync: the event use cases push their changes to Algolia', () => {
  it('a created event is found at once, an edit replaces it, and a deleted event is gone', async () => {
    const index = makeIndex();
    await index.replaceAll('events', []);
    const events = new MemoryEventRepository();
    const clock = new FixedClock('2026-05-01T09:00:00.000Z');
    const reported: unknown[] = [];
    const report = (error: unknown) => reported.push(error);
    const admin: Admin = {
      uid: 'u1',
      email: 'admin@kestrel-yc.example',
      name: 'Ada',
      role: 'admin',
      permissions: ['events:read', 'events:write', 'bookings:read'],
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const form = { ...emptyEventForm(), name: 'Moonlight Sail', description: 'A gentle evening sail', eventdatetime: '2026-07-04T20:00', allowBooking: true };

    const deps = { ...eventDeps(clock), events, search: index, reportSearchIndexError: report };
    const created = await new CreateEvent(deps).execute(admin, form);
    const found = await index.search('moonlight', { hitsPerIndex: 10 });
    expect(found.map((h) => [h.index, h.objectID, h.bookingUrl])).toEqual([['events', created.id, `/event-booking?id=${created.id}`]]);

    await new UpdateEvent({
      ...deps,
      bookings: new MemoryBookingRepository(),
      outbox: new MemoryOutbox(),
      pushSubscriptions: new MemoryPushSubscriptionRepository(),
      pushOutbox: new MemoryPushOutbox(),
      jobs: new MemoryJobQueue(),
      bookingLinks: new HmacBookingLinks('a-secret-for-the-search-tests-0123456789'),
      siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.example' },
      duties: new MemoryDutyRepository(),
      members: new MemoryMemberRepository(),
    }).execute(admin, created.id, { ...form, name: 'Starlight Sail' });
    expect(await index.search('moonlight', { hitsPerIndex: 10 })).toEqual([]);
    expect((await index.search('starlight', { hitsPerIndex: 10 })).map((h) => h.name)).toEqual(['Starlight Sail']);

    await new DeleteEvent({ ...deps, bookings: new MemoryBookingRepository(), duties: new MemoryDutyRepository() }).execute(admin, created.id);
    expect(await index.search('starlight', { hitsPerIndex: 10 })).toEqual([]);
    expect(reported).toEqual([]);
  });

  it('when Algolia is down the event is still saved, and the failure is reported for the log', async () => {
    const broken = await startServer();
    const index = makeIndex({}, broken);
    broken.failWith(503);
    const events = new MemoryEventRepository();
    const reported: unknown[] = [];
    const admin: Admin = {
      uid: 'u1',
      email: 'admin@kestrel-yc.example',
      name: 'Ada',
      role: 'admin',
      permissions: ['events:write'],
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const created = await new CreateEvent({
      ...eventDeps(new FixedClock()),
      events,
      search: index,
      reportSearchIndexError: (error) => reported.push(error),
    }).execute(admin, { ...emptyEventForm(), name: 'Frostbite Race', eventdatetime: '2026-12-05T11:00' });
    expect(await events.get(created.id)).toMatchObject({ name: 'Frostbite Race' });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(UnavailableError);
  });
});
