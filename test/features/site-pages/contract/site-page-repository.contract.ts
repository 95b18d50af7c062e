import { expect, it } from 'vitest';
import { aSitePage } from '../../../support/entities';
import { ValidationError } from '../../../../core/shared/errors';
import { SITE_PAGE_BODY_MAX, SITE_PAGE_TITLE_MAX, type SitePage } from '../../../../core/site-pages/site-page';
import type { SitePageRepository } from '../../../../core/site-pages/site-page-repository.port';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

export function describeSitePageRepositoryContract(name: string, makeAdapter: AdapterFactory<SitePageRepository>): void {
  describeContract('SitePageRepository', name, makeAdapter, (pages) => {
    itAnswers(
      'stores no page at first: every page keeps its original words',
      [() => pages().get('beginners'), null],
      [() => pages().get('information'), null],
      [() => pages().list(), []],
    );

    it('reads back a saved page equal to what was saved, every character of its Markdown kept', async () => {
      const body =
        '  Indented start\r\n\n## Ünïcödé ⛵ heading\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```\n<script>alert(1)</script>\n```\n\t\n{{water-level-chart}}   ';
      const page = aSitePage({ body, updatedAt: '2026-11-25T10:00:00+01:00' });
      await pages().save(page);
      expect(await pages().get('beginners')).toEqual(page);
      expect(await pages().list()).toEqual([page]);
    });

    it('replaces the page stored under the same slug, and keeps the other pages', async () => {
      await pages().save(aSitePage({ slug: 'information', title: 'Club Information', body: 'Old words' }));
      await pages().save(aSitePage());
      const edited = aSitePage({ title: 'Tips for Beginners', body: 'New words', updatedAt: '2026-11-26T09:30:00.000Z', updatedBy: 'other@example.org' });
      await pages().save(edited);
      expect(await pages().get('beginners')).toEqual(edited);
      expect((await pages().list()).map((page) => [page.slug, page.body])).toEqual([
        ['beginners', 'New words'],
        ['information', 'Old words'],
      ]);
    });

    it('returns null for a slug that names no page, whatever its text', async () => {
      await pages().save(aSitePage());
      for (const slug of ['unknown', '', 'beginners/x', '..', '__x__', 'BEGINNERS']) expect(await pages().get(slug)).toBeNull();
    });

    it('refuses a page that is not valid with a ValidationError, and stores nothing', async () => {
      const bad: SitePage[] = [
        aSitePage({ slug: 'unknown' as SitePage['slug'] }),
        aSitePage({ title: '' }),
        aSitePage({ title: 'x'.repeat(SITE_PAGE_TITLE_MAX + 1) }),
        aSitePage({ body: 'x'.repeat(SITE_PAGE_BODY_MAX + 1) }),
        aSitePage({ updatedAt: 'yesterday' }),
      ];
      for (const page of bad) expect(await rejectionOf(pages().save(page))).toBeInstanceOf(ValidationError);
      expect(await pages().list()).toEqual([]);
    });

    it('stores the longest title and body a page may have', async () => {
      const page = aSitePage({ title: 'T'.repeat(SITE_PAGE_TITLE_MAX), body: `${'word '.repeat(SITE_PAGE_BODY_MAX / 5 - 1)}end..` });
      expect(page.body.length).toBe(SITE_PAGE_BODY_MAX);
      await pages().save(page);
      expect(await pages().get('beginners')).toEqual(page);
    });

    it('hands out copies: changing what was read changes nothing stored', async () => {
      await pages().save(aSitePage());
      const read = await pages().get('beginners');
      if (read) read.title = 'Changed';
      expect((await pages().get('beginners'))?.title).toBe('Beginner Sailing Tips');
    });
  });
}
