import { describe, expect, it } from 'vitest';
import { NEWS_FORM_MESSAGES } from '../../../../core/news/news-form';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import type TestAgent from 'supertest/lib/agent';

/** News items written in the admin panel (CAMPAIGNS=database, the default), as members and admins meet them over HTTP. */

let app: TestApp;
let admin: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  await app
    .get('campaigns')
    .put({ id: 'cmp-old', subject: 'An imported campaign', finished_at: '2026-03-01T10:00:00.000Z', preview_url: 'https://preview.example/old' });
  admin = await signedInAdmin(app, 'secretary@example.org', ['content:write']);
});

const form = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Pontoon reopened',
  body: '## Good news\n\nThe **pontoon** is open again. <script>window.hacked = 1</script> [x](javascript:alert(1))',
  publishAt: '2026-06-01T09:30',
  status: 'published',
  ...overrides,
});

describe('news items written in the app', () => {
  it('a published item is listed on /api/campaigns, has its own page with sanitised HTML, and is found by search', async () => {
    const created = await admin.post('/api/admin/news').set(FETCH).send(form());
    expect(created.status).toBe(201);
    const { item } = created.body;
    // 09:30 London (BST) is 08:30 UTC, before the test clock's 09:00 UTC.
    expect(item).toMatchObject({ subject: 'Pontoon reopened', publishAt: '2026-06-01T08:30:00.000Z', status: 'published', label: 'Published' });

    const campaigns = (await app.agent().get('/api/campaigns')).body.campaigns;
    expect(campaigns.map((c: { id: string }) => c.id)).toEqual([item.id, 'cmp-old']);
    expect(campaigns[0]).toMatchObject({ preview_url: null, news_page: true, excerpt: expect.stringContaining('The pontoon is open again.') });

    const page = await app.agent().get(`/api/news/${item.id}`);
    expect(page.status).toBe(200);
    expect(page.body.subject).toBe('Pontoon reopened');
    expect(page.body.html).toContain('<h2>Good news</h2>');
    expect(page.body.html).toContain('<strong>pontoon</strong>');
    expect(page.body.html).not.toMatch(/<script|href="javascript/i);
    expect(page.body.html).toContain('&lt;script&gt;');

    const search = await app.agent().get('/api/search').query({ q: 'pontoon' });
    expect(search.body.hits.map((h: { type: string; detailsUrl?: string }) => [h.type, h.detailsUrl])).toEqual([['news', `/news/${item.id}`]]);

    await admin.delete(`/api/admin/news/${item.id}`).set(FETCH).expect(204);
    expect((await app.agent().get(`/api/news/${item.id}`)).status).toBe(404);
    expect((await app.agent().get('/api/search').query({ q: 'pontoon' })).body.hits).toEqual([]);
  });

  it('a draft, an item for later and an unknown id are "News item not found" for members, and not found by search', async () => {
    const draft = (
      await admin
        .post('/api/admin/news')
        .set(FETCH)
        .send(form({ subject: 'Draft dinghy notes', status: 'draft' }))
    ).body.item;
    const later = (
      await admin
        .post('/api/admin/news')
        .set(FETCH)
        .send(form({ subject: 'Later dinghy notes', publishAt: '2026-06-01T11:00' }))
    ).body.item;
    for (const id of [draft.id, later.id, 'no-such-item', 'cmp-old']) {
      const res = await app.agent().get(`/api/news/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'News item not found' });
    }
    expect((await app.agent().get('/api/search').query({ q: 'dinghy' })).body.hits).toEqual([]);
    const listed = (await admin.get('/api/admin/news')).body;
    expect(listed.source).toBe('database');
    expect(listed.items.filter((i: { id: string }) => [draft.id, later.id].includes(i.id)).map((i: { label: string }) => i.label)).toEqual([
      'Scheduled',
      'Draft',
    ]);

    // Its time comes: found and shown without anyone touching it.
    app.clock.set('2026-06-01T10:00:00.000Z');
    expect((await app.agent().get(`/api/news/${later.id}`)).status).toBe(200);
    expect((await app.agent().get('/api/search').query({ q: 'dinghy' })).body.hits.map((h: { objectID: string }) => h.objectID)).toEqual([later.id]);

    // Publishing the draft shows it at once; unpublishing hides it again.
    const edit = await admin.get(`/api/admin/news/${draft.id}`);
    expect(edit.body.form).toEqual({ subject: 'Draft dinghy notes', body: form().body, publishAt: '2026-06-01T09:30', status: 'draft' });
    await admin
      .put(`/api/admin/news/${draft.id}`)
      .set(FETCH)
      .send({ ...edit.body.form, status: 'published' })
      .expect(200);
    expect((await app.agent().get(`/api/news/${draft.id}`)).status).toBe(200);
    await admin
      .put(`/api/admin/news/${draft.id}`)
      .set(FETCH)
      .send({ ...edit.body.form, status: 'draft' })
      .expect(200);
    expect((await app.agent().get(`/api/news/${draft.id}`)).status).toBe(404);
  });

  it('refuses a bad form with a message per field and stores nothing', async () => {
    const before = (await admin.get('/api/admin/news')).body.items.length;
    const res = await admin
      .post('/api/admin/news')
      .set(FETCH)
      .send(form({ subject: ' ', publishAt: '2026-02-30T10:00', status: 'live' }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      subject: NEWS_FORM_MESSAGES.subjectRequired,
      publishAt: NEWS_FORM_MESSAGES.publishAtInvalid,
      status: NEWS_FORM_MESSAGES.statusInvalid,
    });
    expect((await admin.get('/api/admin/news')).body.items).toHaveLength(before);
    expect((await admin.put('/api/admin/news/no-such-item').set(FETCH).send(form())).status).toBe(404);
  });

  it('puts every change in the audit log as a news record', async () => {
    const { item } = (
      await admin
        .post('/api/admin/news')
        .set(FETCH)
        .send(form({ subject: 'Audited' }))
    ).body;
    await admin
      .put(`/api/admin/news/${item.id}`)
      .set(FETCH)
      .send(form({ subject: 'Audited again' }))
      .expect(200);
    await admin.delete(`/api/admin/news/${item.id}`).set(FETCH).expect(204);
    const entries = await app.get('audit').list({ recordId: item.id, limit: 10 });
    expect(entries.map((e) => [e.recordType, e.action, e.actor.kind === 'admin' ? e.actor.email : null]).sort()).toEqual([
      ['news', 'news.created', 'secretary@example.org'],
      ['news', 'news.deleted', 'secretary@example.org'],
      ['news', 'news.updated', 'secretary@example.org'],
    ]);
  });

  it('an imported campaign stored with its text opens its own page, its Markdown sanitised; without its text it keeps its link', async () => {
    const content = '## Entries open\n\nThe **regatta** is on. <img src=x onerror=alert(1)> [x](javascript:alert(1))';
    await app
      .get('campaigns')
      .put({ id: 'cmp-text', subject: 'Regatta entries', finished_at: '2026-05-30T18:00:00.000Z', preview_url: 'https://gone.example/regatta', content });
    await app.get('campaigns').put({ id: 'cmp-untimed', subject: 'Untimed', finished_at: null, preview_url: null, content: 'Sent at some time.' });
    await app.get('campaigns').put({ id: 'cmp-later', subject: 'Later', finished_at: '2026-06-02T18:00:00.000Z', preview_url: null, content: 'Not yet.' });

    const campaigns = (await app.agent().get('/api/campaigns')).body.campaigns.filter((c: { id: string }) => c.id.startsWith('cmp-'));
    expect(campaigns.map((c: { id: string }) => c.id)).toEqual(['cmp-text', 'cmp-old', 'cmp-untimed']);
    expect(campaigns[0]).toEqual({
      id: 'cmp-text',
      subject: 'Regatta entries',
      finished_at: '2026-05-30T18:00:00.000Z',
      preview_url: null,
      news_page: true,
      excerpt: expect.stringContaining('The regatta is on.'),
    });
    expect(campaigns[1]).toMatchObject({ preview_url: 'https://preview.example/old' });
    expect(campaigns[1].news_page).toBeUndefined();

    const page = await app.agent().get('/api/news/cmp-text');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: 'cmp-text', subject: 'Regatta entries', publishAt: '2026-05-30T18:00:00.000Z' });
    expect(page.body.html).toContain('<h2>Entries open</h2>');
    expect(page.body.html).toContain('<strong>regatta</strong>');
    expect(page.body.html).not.toMatch(/<img|href="javascript/i);
    expect(page.body.html).toContain('&lt;img');
    expect((await app.agent().get('/api/news/cmp-untimed')).body).toMatchObject({ subject: 'Untimed', publishAt: null, html: '<p>Sent at some time.</p>\n' });
    // Without its text (cmp-old), or with its time still to come: not found.
    for (const id of ['cmp-old', 'cmp-later']) expect((await app.agent().get(`/api/news/${id}`)).body).toEqual({ error: 'News item not found' });
  });

  it('the OpenAPI document describes the news routes', async () => {
    const doc = (await app.agent().get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/news/{id}', '/api/admin/news', '/api/admin/news/{id}']));
    expect(Object.keys(doc.paths['/api/admin/news/{id}']).sort()).toEqual(['delete', 'get', 'put']);
  });
});
