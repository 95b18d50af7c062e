import { describe, expect, it } from 'vitest';
import { SITE_PAGE_FORM_MESSAGES } from '../../../../core/site-pages/site-page-form';
import { defaultSitePage } from '../../../../core/site-pages/site-page-defaults';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';
import type TestAgent from 'supertest/lib/agent';

/** The Beginners and Information pages over HTTP: members read them, admins with content:write edit them. */

let app: TestApp;
let editor: TestAgent;
let eventsAdmin: TestAgent;

useTestApp({ env: { CLUB_NAME: 'Heron Sailing Club' } }, async (started) => {
  app = started;
  editor = await signedInAdmin(app, 'editor@example.org', ['content:write']);
  eventsAdmin = await signedInAdmin(app, 'events@example.org', ['events:read', 'events:write', 'bookings:read', 'bookings:write']);
});

const htmlOf = (body: { parts: { kind: string; html?: string }[] }) => body.parts.map((part) => part.html ?? '[chart]').join('');

describe('members read the club pages', () => {
  it('with their original words until an admin saves them, the Information page naming the club', async () => {
    const beginners = await app.agent().get('/api/pages/beginners');
    expect(beginners.status).toBe(200);
    expect(beginners.body.title).toBe('Beginner Sailing Tips');
    expect(beginners.body.parts.map((part: { kind: string }) => part.kind)).toEqual(['html', 'waterLevelChart', 'html']);
    expect(htmlOf(beginners.body)).toContain('<h2>Sailing lingo</h2>');
    const information = await app.agent().get('/api/pages/information');
    expect(htmlOf(information.body)).toContain('The practical things every member of Heron Sailing Club needs to know.');
  });

  it('answer 404 "Page not found" for any other page', async () => {
    for (const slug of ['news', 'no-such-page', '__proto__', 'BEGINNERS']) {
      const res = await app.agent().get(`/api/pages/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Page not found' });
    }
  });
});

describe('admins edit the club pages', () => {
  it('an editor saves a page: members read the new words as sanitised HTML, search finds them, the audit log has the change', async () => {
    const list = await editor.get('/api/admin/pages');
    expect(list.status).toBe(200);
    expect(list.body.pages.map((page: { slug: string; path: string }) => [page.slug, page.path])).toEqual([
      ['beginners', '/beginners'],
      ['information', '/information'],
      ['privacy', '/privacy'],
    ]);
    const opened = await editor.get('/api/admin/pages/beginners');
    expect(opened.body.form).toEqual({
      title: 'Beginner Sailing Tips',
      body: defaultSitePage('beginners', 'Heron Sailing Club').body,
      expectedUpdatedAt: null,
    });

    const body =
      '## Capsize drill\n\nPractise **righting the dinghy** on a warm day. <script>window.hacked = 1</script> [x](javascript:alert(1))\n\n{{water-level-chart}}';
    const saved = await editor
      .put('/api/admin/pages/beginners')
      .set(FETCH)
      .send({ ...opened.body.form, title: 'Tips for Beginners', body });
    expect(saved.status).toBe(200);
    expect(saved.body.page).toMatchObject({ slug: 'beginners', title: 'Tips for Beginners', path: '/beginners', updatedBy: 'editor@example.org' });

    const read = await app.agent().get('/api/pages/beginners');
    expect(read.body.title).toBe('Tips for Beginners');
    expect(read.body.parts.map((part: { kind: string }) => part.kind)).toEqual(['html', 'waterLevelChart']);
    expect(read.body.parts[0].html).toContain('<strong>righting the dinghy</strong>');
    expect(read.body.parts[0].html).not.toMatch(/<script|href="javascript/i);

    const search = await app.agent().get('/api/search').query({ q: 'capsize drill' });
    expect(search.body.hits.map((hit: { title?: string; path?: string }) => [hit.title, hit.path])).toContainEqual(['Capsize drill', '/beginners']);
    const old = await app.agent().get('/api/search').query({ q: 'hull speed' });
    expect(old.body.hits.filter((hit: { path?: string }) => hit.path === '/beginners')).toEqual([]);

    // A form opened before this save is refused with 409, and the saved words stay.
    const late = await editor
      .put('/api/admin/pages/beginners')
      .set(FETCH)
      .send({ ...opened.body.form, body: 'Late words' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: SITE_PAGE_FORM_MESSAGES.changedMeanwhile });
    expect((await app.agent().get('/api/pages/beginners')).body.title).toBe('Tips for Beginners');

    const [entry] = await app.get('audit').list({ limit: 1 });
    expect(entry).toMatchObject({
      action: 'sitePage.updated',
      recordType: 'sitePage',
      recordId: 'beginners',
      actor: { kind: 'admin', email: 'editor@example.org' },
    });
    expect(entry.changes.map((change) => change.field)).toEqual(['title', 'body']);
  });

  it('refuses a bad form with a 400 naming each field, and an unknown page with a 404, changing nothing', async () => {
    const before = JSON.stringify(await app.get('sitePages').list());
    const bad = await editor.put('/api/admin/pages/information').set(FETCH).send({ title: ' ', body: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: SITE_PAGE_FORM_MESSAGES.titleRequired,
      fields: { title: SITE_PAGE_FORM_MESSAGES.titleRequired, body: SITE_PAGE_FORM_MESSAGES.bodyRequired },
    });
    const long = await editor
      .put('/api/admin/pages/information')
      .set(FETCH)
      .send({ title: 'Info', body: 'x'.repeat(50_001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('The text must be at most 50,000 characters');
    const typed = await editor
      .put('/api/admin/pages/information')
      .set(FETCH)
      .send({ title: ['x'], body: 7 });
    expect(typed.status).toBe(400);
    const unknown = await editor.put('/api/admin/pages/no-such-page').set(FETCH).send({ title: 'T', body: 'B' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Page not found' });
    expect(JSON.stringify(await app.get('sitePages').list())).toBe(before);
  });

  it('previews a body as members would see it, storing nothing', async () => {
    const before = JSON.stringify(await app.get('sitePages').list());
    const preview = await editor.post('/api/admin/pages/preview').set(FETCH).send({ body: '# Hello\n\n{{water-level-chart}}' });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ parts: [{ kind: 'html', html: '<h1>Hello</h1>\n' }, { kind: 'waterLevelChart' }] });
    const blank = await editor.post('/api/admin/pages/preview').set(FETCH).send({ body: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(SITE_PAGE_FORM_MESSAGES.bodyRequired);
    expect(JSON.stringify(await app.get('sitePages').list())).toBe(before);
  });

  it('only admins with content:write write (or read the edit screens); members and other admins are refused', async () => {
    const before = JSON.stringify(await app.get('sitePages').list());
    const refused = await eventsAdmin.put('/api/admin/pages/information').set(FETCH).send({ title: 'Hacked', body: 'Hacked' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You do not have permission to change the club pages.', permission: 'content:write' });
    expect((await eventsAdmin.get('/api/admin/pages')).status).toBe(403);
    const member = await app.agent().put('/api/admin/pages/information').set(FETCH).send({ title: 'Hacked', body: 'Hacked' });
    expect(member.status).toBe(401);
    expect(JSON.stringify(await app.get('sitePages').list())).toBe(before);
    expect((await app.agent().get('/api/pages/information')).body.title).toBe('Club Information');
  });
});
