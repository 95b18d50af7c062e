import { describe, expect, it } from 'vitest';
import { PERMISSION_MESSAGES } from '../../../../core/admins/permissions';
import { SearchSite } from '../../../../core/search/search';
import { RebuildSearchIndex } from '../../../../core/operations/rebuild-search-index';
import { GetSitePage } from '../../../../core/site-pages/get-site-page';
import { ListSitePages } from '../../../../core/site-pages/list-site-pages';
import { PreviewSitePage } from '../../../../core/site-pages/preview-site-page';
import { ReadSitePage } from '../../../../core/site-pages/read-site-page';
import { SaveSitePage } from '../../../../core/site-pages/save-site-page';
import { SITE_PAGE_NOT_FOUND } from '../../../../core/site-pages/site-page';
import { defaultSitePage } from '../../../../core/site-pages/site-page-defaults';
import { SITE_PAGE_FORM_MESSAGES } from '../../../../core/site-pages/site-page-form';
import { ConflictError, NotFoundError, PermissionError, ValidationError } from '../../../../core/shared/errors';
import { makeWorld, withPermissions } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

function world() {
  const w = makeWorld();
  return {
    ...w,
    read: new ReadSitePage(w),
    list: new ListSitePages(w),
    get: new GetSitePage(w),
    save: new SaveSitePage(w),
    preview: new PreviewSitePage({}),
    find: new SearchSite(w),
    rebuild: new RebuildSearchIndex({ ...w, campaignSource: w.campaigns }),
  };
}

const editor = anAdmin({ permissions: ['content:write'] });
const reader = withPermissions(['events:read', 'bookings:read']);
const found = async (w: ReturnType<typeof world>, words: string) => (await w.find.execute(words)).hits.filter((hit) => hit.path === '/beginners');

describe('reading a page (members)', () => {
  it('shows the original words until an admin saves the page, then the saved ones', async () => {
    const w = world();
    const before = await w.read.execute('beginners');
    expect(before.title).toBe('Beginner Sailing Tips');
    expect(before.parts.map((part) => part.kind)).toEqual(['html', 'waterLevelChart', 'html']);
    await w.save.execute(editor, 'beginners', { title: 'Tips for Beginners', body: 'Hello **sailors**.\n\n<script>alert(1)</script>' });
    expect(await w.read.execute('beginners')).toEqual({
      slug: 'beginners',
      title: 'Tips for Beginners',
      parts: [{ kind: 'html', html: '<p>Hello <strong>sailors</strong>.</p>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n' }],
    });
  });

  it('names the club in the Information page and answers Page not found for any other slug', async () => {
    const w = world();
    expect(JSON.stringify(await w.read.execute('information'))).toContain('every member of Kestrel Yacht Club needs to know');
    for (const slug of ['unknown', '', '__proto__', 'constructor', 'Beginners'])
      await expect(w.read.execute(slug)).rejects.toThrow(new NotFoundError(SITE_PAGE_NOT_FOUND));
  });
});

describe('editing a page (admins with content:write)', () => {
  it('lists the pages with their addresses, and opens one with its words now', async () => {
    const w = world();
    expect(await w.list.execute(editor)).toEqual({
      pages: [
        { slug: 'beginners', title: 'Beginner Sailing Tips', path: '/beginners', updatedAt: null, updatedBy: null },
        { slug: 'information', title: 'Club Information', path: '/information', updatedAt: null, updatedBy: null },
        { slug: 'privacy', title: 'Privacy notice', path: '/privacy', updatedAt: null, updatedBy: null },
      ],
    });
    expect((await w.get.execute(editor, 'information')).form).toEqual({
      title: 'Club Information',
      body: defaultSitePage('information', 'Kestrel Yacht Club').body,
      expectedUpdatedAt: null,
    });
    await w.save.execute(editor, 'information', { title: 'Info', body: 'New words' });
    expect(await w.get.execute(editor, 'information')).toEqual({
      page: { slug: 'information', title: 'Info', path: '/information', updatedAt: '2026-06-01T09:00:00.000Z', updatedBy: 'commodore@club.example' },
      form: { title: 'Info', body: 'New words', expectedUpdatedAt: '2026-06-01T09:00:00.000Z' },
    });
  });

  it('refuses an admin without content:write, and changes nothing', async () => {
    const w = world();
    for (const call of [
      () => w.list.execute(reader),
      () => w.get.execute(reader, 'beginners'),
      () => w.save.execute(reader, 'beginners', { title: 'X', body: 'Y' }),
      () => w.preview.execute(reader, { body: 'Y' }),
    ]) {
      await expect(call()).rejects.toThrow(new PermissionError(PERMISSION_MESSAGES.sitePages, 'content:write'));
    }
    expect(await w.sitePages.list()).toEqual([]);
    expect(await w.audit.list({ limit: 10 })).toEqual([]);
  });

  it('refuses a bad form with the field messages and an unknown page with Page not found, storing nothing', async () => {
    const w = world();
    const refusal = await w.save.execute(editor, 'beginners', { title: '', body: '   ' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).fields).toEqual({ title: SITE_PAGE_FORM_MESSAGES.titleRequired, body: SITE_PAGE_FORM_MESSAGES.bodyRequired });
    await expect(w.save.execute(editor, 'beginners', { title: 'T', body: 'b'.repeat(50_001) })).rejects.toThrow(SITE_PAGE_FORM_MESSAGES.bodyTooLong);
    await expect(w.save.execute(editor, 'beginners', { title: 7, body: 'x' })).rejects.toThrow(ValidationError);
    await expect(w.save.execute(editor, 'no-such-page', { title: 'T', body: 'x' })).rejects.toThrow(new NotFoundError(SITE_PAGE_NOT_FOUND));
    expect(await w.sitePages.list()).toEqual([]);
    expect(await w.audit.list({ limit: 10 })).toEqual([]);
  });

  it('writes the audit log: who changed which page, the title and body before and after', async () => {
    const w = world();
    await w.save.execute(editor, 'beginners', { title: 'Tips for Beginners', body: 'New words' });
    const [entry] = await w.audit.list({ limit: 10 });
    expect(entry).toMatchObject({
      actor: { kind: 'admin', uid: editor.uid, email: editor.email },
      action: 'sitePage.updated',
      recordType: 'sitePage',
      recordId: 'beginners',
      summary: 'Edited the page Tips for Beginners',
    });
    expect(entry.changes).toEqual([
      { field: 'title', before: 'Beginner Sailing Tips', after: 'Tips for Beginners' },
      { field: 'body', before: defaultSitePage('beginners', 'Kestrel Yacht Club').body, after: 'New words' },
    ]);
  });

  it("refuses a form opened before another admin's save, keeping their words; a form opened after it saves", async () => {
    const w = world();
    const opened = (await w.get.execute(editor, 'beginners')).form;
    await w.save.execute(anAdmin({ uid: 'other', email: 'other@club.example', permissions: ['content:write'] }), 'beginners', {
      ...opened,
      body: 'Their words',
    });
    await expect(w.save.execute(editor, 'beginners', { ...opened, body: 'My words' })).rejects.toThrow(
      new ConflictError(SITE_PAGE_FORM_MESSAGES.changedMeanwhile),
    );
    expect((await w.sitePages.get('beginners'))?.body).toBe('Their words');
    expect(await w.audit.list({ limit: 10 })).toHaveLength(1);
    const reopened = (await w.get.execute(editor, 'beginners')).form;
    expect(reopened.expectedUpdatedAt).toBe('2026-06-01T09:00:00.000Z');
    await w.save.execute(editor, 'beginners', { ...reopened, body: 'My words' });
    expect((await w.sitePages.get('beginners'))?.body).toBe('My words');
  });

  it('saving the words a page already has stores nothing and writes no audit entry', async () => {
    const w = world();
    const original = defaultSitePage('beginners', 'Kestrel Yacht Club');
    await w.save.execute(editor, 'beginners', { title: original.title, body: `${original.body}\n\n` });
    expect(await w.sitePages.list()).toEqual([]);
    expect(await w.audit.list({ limit: 10 })).toEqual([]);
  });

  it('keeps search in step: the new words are found on the page, the old ones no more', async () => {
    const w = world();
    await w.rebuild.execute();
    expect(await found(w, 'hull speed')).not.toEqual([]);
    await w.save.execute(editor, 'beginners', { title: 'Beginner Sailing Tips', body: '## Capsize drill\n\nRight the dinghy from the centreboard.' });
    expect((await found(w, 'hull speed')).length).toBe(0);
    expect((await found(w, 'centreboard')).map((hit) => hit.title)).toEqual(['Capsize drill']);
    // The Information page and the fixed pages are still there.
    expect((await w.find.execute('trip slip')).hits.some((hit) => hit.path === '/information')).toBe(true);
    expect((await w.find.execute('newsletter')).hits.some((hit) => hit.path === '/news')).toBe(true);
    // A rebuild gives the same pages index as the save did.
    await w.rebuild.execute();
    expect((await found(w, 'centreboard')).map((hit) => hit.title)).toEqual(['Capsize drill']);
  });

  it('saves the page even when the search index fails, and reports the failure', async () => {
    const w = world();
    const reported: unknown[] = [];
    const failing = {
      ...w.search,
      providerName: 'x',
      search: w.search.search.bind(w.search),
      upsert: async () => {},
      remove: async () => {},
      replaceAll: async () => Promise.reject(new Error('index down')),
    };
    const save = new SaveSitePage({ ...w, search: failing, reportSearchIndexError: (error) => reported.push(error) });
    await save.execute(editor, 'beginners', { title: 'T', body: 'Saved anyway' });
    expect((await w.sitePages.get('beginners'))?.body).toBe('Saved anyway');
    expect(reported).toEqual([new Error('index down')]);
  });
});

describe('previewing a page', () => {
  it("renders the body as members would see it, with the chart's place, and stores nothing", async () => {
    const w = world();
    expect(await w.preview.execute(editor, { body: '# Hi\n\n{{water-level-chart}}\n\n[x](javascript:alert(1))' })).toEqual({
      parts: [{ kind: 'html', html: '<h1>Hi</h1>\n' }, { kind: 'waterLevelChart' }, { kind: 'html', html: '\n<p>[x](javascript:alert(1))</p>\n' }],
    });
    await expect(w.preview.execute(editor, { body: ' ' })).rejects.toThrow(SITE_PAGE_FORM_MESSAGES.bodyRequired);
    await expect(w.preview.execute(editor, { body: 1 })).rejects.toThrow(ValidationError);
    expect(await w.sitePages.list()).toEqual([]);
  });
});
