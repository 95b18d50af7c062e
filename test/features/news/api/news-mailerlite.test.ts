import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_FROM_MAILERLITE } from '../../../../core/news/news-items';
import { RefreshNewsIndex } from '../../../../core/news/refresh-news-index';
import { reindex } from '../../../../scripts/reindex';
import { mailerLiteDate, startFakeMailerLiteServer, type FakeMailerLiteServer } from '../../../support/fake-mailerlite-server';
import { addAdmin, FETCH, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';

/**
 * CAMPAIGNS=mailerlite, against the local server that answers as MailerLite's API: the admin news
 * screen writes nothing, and every index update (the reindex command, the news round) indexes what
 * MailerLite lists, not the database table.
 */

let mailerlite: FakeMailerLiteServer;
let app: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  mailerlite = await startFakeMailerLiteServer();
  mailerlite.campaigns.push({
    id: '201',
    name: 'Regatta results (internal)',
    status: 'sent',
    finished_at: mailerLiteDate('2026-05-20T17:30:00Z'),
    emails: [{ subject: 'Regatta results', preview_url: 'https://preview.mailerlite.example/201' }],
  });
  env = { CAMPAIGNS: 'mailerlite', MAILERLITE_API_KEY: mailerlite.apiKey, MAILERLITE_BASE_URL: mailerlite.baseUrl, MAILERLITE_CACHE_SECONDS: '0' };
  app = await startTestApp({ env });
  // A news item left in the table from before the club switched to MailerLite.
  await app
    .get('campaigns')
    .saveNewsItem({
      id: 'news-left-behind',
      subject: 'Pontoon news from the table',
      body: 'Written in the app before the switch.',
      publishAt: '2026-04-01T10:00:00.000Z',
      status: 'published',
      createdAt: '2026-04-01T10:00:00.000Z',
      updatedAt: '2026-04-01T10:00:00.000Z',
    });
});
afterAll(async () => {
  await app?.dispose();
  await mailerlite?.close();
});

/** The news hits of a search (the site's pages may match too). */
const searchIds = async (q: string) =>
  (await app.agent().get('/api/search').query({ q })).body.hits.filter((h: { type: string }) => h.type === 'news').map((h: { objectID: string }) => h.objectID);

describe('news from MailerLite', () => {
  it('the admin news screen says news come from MailerLite, and writing is refused with that message', async () => {
    await addAdmin(app, 'secretary@example.org', ['content:write']);
    const admin = app.agent();
    await signIn(admin, 'secretary@example.org');
    expect((await admin.get('/api/admin/news')).body).toEqual({ source: 'mailerlite', items: [] });
    const refused = await admin.post('/api/admin/news').set(FETCH).send({ subject: 'S', body: 'B', publishAt: '2026-06-01T10:00', status: 'published' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: NEWS_FROM_MAILERLITE });
    expect(
      (await admin.put('/api/admin/news/news-left-behind').set(FETCH).send({ subject: 'S', body: 'B', publishAt: '2026-06-01T10:00', status: 'draft' })).status,
    ).toBe(409);
    expect((await admin.delete('/api/admin/news/news-left-behind').set(FETCH)).status).toBe(409);
    expect((await app.get('campaigns').getNewsItem('news-left-behind'))?.subject).toBe('Pontoon news from the table');
    // Members' pages are MailerLite's previews: the table's item has no page.
    expect((await app.agent().get('/api/news/news-left-behind')).status).toBe(404);
    await app.get('campaigns').put({ id: 'cmp-left-behind', subject: 'Imported', finished_at: null, preview_url: null, content: 'Its text.' });
    expect((await app.agent().get('/api/news/cmp-left-behind')).status).toBe(404);
  });

  it.skipIf(process.env.API_TEST_STORAGE === 'firestore')('npm run reindex indexes what MailerLite lists, not the table', async () => {
    // The index still holds the table's item from before the switch.
    await app
      .get('search')
      .upsert('news', [{ objectID: 'news-left-behind', type: 'news', category: 'news', subject: 'Pontoon news from the table', tags: [] }]);
    expect(await searchIds('pontoon')).toEqual(['news-left-behind']);
    const result = await reindex({ NODE_ENV: 'test', DATA_DIR: app.dataDir, SEED_DEMO_DATA: 'false', ...env });
    expect(result.news).toBe(1);
    expect(await searchIds('regatta')).toEqual(['201']);
    expect(await searchIds('pontoon')).toEqual([]);
  });

  it('the news round refills the index from MailerLite: a campaign sent there is found, one gone from there is not', async () => {
    mailerlite.campaigns.push({
      id: '202',
      name: 'Laying-up supper',
      status: 'sent',
      finished_at: mailerLiteDate('2026-05-28T18:00:00Z'),
      emails: [{ subject: 'Laying-up supper', preview_url: null }],
    });
    expect(await app.built.ports.useCase(RefreshNewsIndex).execute()).toBe(2);
    expect(await searchIds('supper')).toEqual(['202']);
    expect(await searchIds('pontoon')).toEqual([]);
    mailerlite.campaigns.splice(0, mailerlite.campaigns.length);
    expect(await app.built.ports.useCase(RefreshNewsIndex).execute()).toBe(0);
    expect(await searchIds('supper')).toEqual([]);
  });

  it('a round that cannot reach MailerLite leaves the index as it was', async () => {
    mailerlite.campaigns.push({
      id: '203',
      name: 'AGM',
      status: 'sent',
      finished_at: mailerLiteDate('2026-05-29T18:00:00Z'),
      emails: [{ subject: 'AGM notice', preview_url: null }],
    });
    await app.built.ports.useCase(RefreshNewsIndex).execute();
    mailerlite.failWith({ kind: 'status', status: 503 });
    await expect(app.built.ports.useCase(RefreshNewsIndex).execute()).rejects.toThrow('Failed to fetch communications: Service Unavailable');
    mailerlite.failWith(null);
    expect(await searchIds('agm')).toEqual(['203']);
  });
});
