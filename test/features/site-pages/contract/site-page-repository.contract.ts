import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../core/shared/errors';
import { SITE_PAGE_BODY_MAX, SITE_PAGE_TITLE_MAX, type SitePage } from '../../../../core/site-pages/site-page';
import type { SitePageRepository } from '../../../../core/site-pages/site-page-repository.port';
import { rejectionOf, useFreshAdapter, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function aPage(overrides: Partial<SitePage> = {}): SitePage {
  return {
    slug: 'beginners',
    title: 'Beginner Sailing Tips',
    body: 'New to sailing?\n\n## Before you go afloat\n\n- Check the forecast.\n',
    updatedAt: '2026-11-25T10:00:00.000Z',
    updatedBy: 'editor@example.org',
    ...overrides,
  };
}

export function describeSitePageRepositoryContract(name: string, makeAdapter: AdapterFactory<SitePageRepository>): void {
  describe(`${name} (SitePageRepository contract)`, () => {
    const pages = useFreshAdapter(makeAdapter);

    it('stores no page at first: every page keeps its original words', async () => {
      expect(await pages().get('beginners')).toBeNull();
      expect(await pages().get('information')).toBeNull();
      expect(await pages().list()).toEqual([]);
    });

    it('reads back a saved page equal to what was saved, every character of its Markdown kept', async () => {
      const body = '  Indented start\r\n\n## Ünïcödé ⛵ heading\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```\n<script>alert(1)</script>\n```\n\t\n{{water-level-chart}}   ';
      const page = aPage({ body, updatedAt: '2026-11-25T10:00:00+01:00' });
      await pages().save(page);
      expect(await pages().get('beginners')).toEqual(page);
      expect(await pages().list()).toEqual([page]);
    });

    it('replaces the page stored under the same slug, and keeps the other pages', async () => {
      await pages().save(aPage({ slug: 'information', title: 'Club Information', body: 'Old words' }));
      await pages().save(aPage());
      const edited = aPage({ title: 'Tips for Beginners', body: 'New words', updatedAt: '2026-11-26T09:30:00.000Z', updatedBy: 'other@example.org' });
      await pages().save(edited);
      expect(await pages().get('beginners')).toEqual(edited);
      expect((await pages().list()).map((page) => [page.slug, page.body])).toEqual([
        ['beginners', 'New words'],
        ['information', 'Old words'],
      ]);
    });

    it('returns null for a slug that names no page, whatever its text', async () => {
      await pages().save(aPage());
      for (const slug of ['unknown', '', 'beginners/x', '..', '__x__', 'BEGINNERS']) expect(await pages().get(slug)).toBeNull();
    });

    it('refuses a page that is not valid with a ValidationError, and stores nothing', async () => {
      const bad: SitePage[] = [
        aPage({ slug: 'unknown' as SitePage['slug'] }),
        aPage({ title: '' }),
        aPage({ title: 'x'.repeat(SITE_PAGE_TITLE_MAX + 1) }),
        aPage({ body: 'x'.repeat(SITE_PAGE_BODY_MAX + 1) }),
        aPage({ updatedAt: 'yesterday' }),
      ];
      for (const page of bad) expect(await rejectionOf(pages().save(page))).toBeInstanceOf(ValidationError);
      expect(await pages().list()).toEqual([]);
    });

    it('stores the longest title and body a page may have', async () => {
      const page = aPage({ title: 'T'.repeat(SITE_PAGE_TITLE_MAX), body: `${'word '.repeat(SITE_PAGE_BODY_MAX / 5 - 1)}end..` });
      expect(page.body.length).toBe(SITE_PAGE_BODY_MAX);
      await pages().save(page);
      expect(await pages().get('beginners')).toEqual(page);
    });

    it('hands out copies: changing what was read changes nothing stored', async () => {
      await pages().save(aPage());
      const read = await pages().get('beginners');
      if (read) read.title = 'Changed';
      expect((await pages().get('beginners'))?.title).toBe('Beginner Sailing Tips');
    });
  });
}
