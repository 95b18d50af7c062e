import { expect, it } from 'vitest';
import type { CampaignRepository } from '../../../../core/news/campaign-repository.port';
import { newsExcerpt } from '../../../../core/news/news-body';
import { describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { aCampaign, aNewsItem } from '../../../support/entities';

export function describeCampaignRepositoryContract(name: string, makeAdapter: AdapterFactory<CampaignRepository>): void {
  describeContract('CampaignRepository', name, makeAdapter, (campaigns) => {
    itAnswers('lists no campaigns at first', [() => campaigns().listRecent(), []], [() => campaigns().listNewsItems(), []]);

    it('lists campaigns newest first, those never finished last', async () => {
      const draft = aCampaign({ id: 'draft', subject: 'Draft', finished_at: null, preview_url: null });
      const spring = aCampaign({ id: 'spring', finished_at: '2026-03-20T18:00:00.000Z' });
      // 18:30+01:00 is 17:30 UTC: older than 'spring' although its text sorts later.
      const results = aCampaign({ id: 'results', subject: 'Regatta results', finished_at: '2026-03-20T18:30:00+01:00' });
      const winter = aCampaign({ id: 'winter', subject: 'Winter programme', finished_at: '2025-11-02T08:00:00.000Z' });
      for (const campaign of [draft, winter, spring, results]) await campaigns().put(campaign);
      expect(await campaigns().listRecent()).toEqual([spring, results, winter, draft]);
    });

    it('replaces a campaign stored under the same id', async () => {
      await campaigns().put(aCampaign());
      const corrected = aCampaign({ subject: 'Spring newsletter (corrected)', preview_url: null });
      await campaigns().put(corrected);
      expect(await campaigns().listRecent()).toEqual([corrected]);
    });

    it('keeps a news item as written and gives it back by id', async () => {
      const item = aNewsItem({ publishAt: '2026-04-02T10:00:00+01:00' });
      await campaigns().saveNewsItem(item);
      expect(await campaigns().getNewsItem(item.id)).toEqual(item);
      expect(await campaigns().getNewsItem('nothing-here')).toBeNull();
      expect(await campaigns().listNewsItems()).toEqual([item]);
    });

    it('lists published news items among the campaigns, with their own page and excerpt, drafts never', async () => {
      await campaigns().put(aCampaign({ id: 'spring', finished_at: '2026-03-20T18:00:00.000Z' }));
      const published = aNewsItem({ id: 'pontoon', publishAt: '2026-04-02T09:00:00.000Z' });
      const draft = aNewsItem({ id: 'draft-item', subject: 'Not yet', status: 'draft', publishAt: '2026-04-03T09:00:00.000Z' });
      // A published item still to come is listed: callers hide it until its time (visibleCampaigns).
      const later = aNewsItem({ id: 'later', subject: 'Later', publishAt: '2027-01-01T09:00:00.000Z' });
      for (const item of [published, draft, later]) await campaigns().saveNewsItem(item);
      const listed = await campaigns().listRecent();
      expect(listed.map((c) => c.id)).toEqual(['later', 'pontoon', 'spring']);
      expect(listed[1]).toEqual({
        id: 'pontoon',
        subject: published.subject,
        finished_at: published.publishAt,
        preview_url: null,
        news_page: true,
        excerpt: await newsExcerpt(published.body),
      });
      expect(listed[1].excerpt).toBe('The new pontoon is in place. Launch from the east side Mind the fresh paint');
      expect(listed[2].news_page).toBeUndefined();
    });

    it('lists news items, drafts included, newest publish time first; imported campaigns are not news items', async () => {
      await campaigns().put(aCampaign({ id: 'imported' }));
      const a = aNewsItem({ id: 'a', publishAt: '2026-04-01T09:00:00.000Z' });
      const b = aNewsItem({ id: 'b', status: 'draft', publishAt: '2026-05-01T09:00:00.000Z' });
      const c = aNewsItem({ id: 'c', publishAt: '2026-04-01T09:00:00.000Z' });
      for (const item of [c, a, b]) await campaigns().saveNewsItem(item);
      expect((await campaigns().listNewsItems()).map((i) => i.id)).toEqual(['b', 'a', 'c']);
      expect(await campaigns().getNewsItem('imported')).toBeNull();
    });

    it('replaces a news item saved again: unpublishing takes it off the list members see', async () => {
      const item = aNewsItem();
      await campaigns().saveNewsItem(item);
      const unpublished = { ...item, status: 'draft' as const, subject: 'Reworded', updatedAt: '2026-04-03T08:00:00.000Z' };
      await campaigns().saveNewsItem(unpublished);
      expect(await campaigns().getNewsItem(item.id)).toEqual(unpublished);
      expect(await campaigns().listRecent()).toEqual([]);
    });

    it('deletes a news item once, and never an imported campaign', async () => {
      await campaigns().put(aCampaign({ id: 'imported' }));
      await campaigns().saveNewsItem(aNewsItem({ id: 'gone' }));
      expect(await campaigns().deleteNewsItem('gone')).toBe(true);
      expect(await campaigns().deleteNewsItem('gone')).toBe(false);
      expect(await campaigns().getNewsItem('gone')).toBeNull();
      expect(await campaigns().deleteNewsItem('imported')).toBe(false);
      expect((await campaigns().listRecent()).map((c) => c.id)).toEqual(['imported']);
    });

    it('keeps an imported campaign with its text: listed with its own page and excerpt, no outside preview', async () => {
      const withText = {
        ...aCampaign({ id: 'with-text', finished_at: '2026-03-21T18:00:00.000Z' }),
        content: 'The **regatta** is on.\n\nBring a buoyancy aid.',
      };
      const withoutText = aCampaign({ id: 'without-text' });
      await campaigns().put(withText);
      await campaigns().put(withoutText);
      expect(await campaigns().listRecent()).toEqual([
        {
          id: 'with-text',
          subject: withText.subject,
          finished_at: withText.finished_at,
          preview_url: null,
          news_page: true,
          excerpt: 'The regatta is on. Bring a buoyancy aid.',
        },
        withoutText,
      ]);
      expect(await campaigns().getImportedCampaign('with-text')).toEqual(withText);
      expect(await campaigns().getImportedCampaign('without-text')).toEqual({ ...withoutText, content: null });
      expect(await campaigns().listImportedCampaigns()).toEqual([withText, { ...withoutText, content: null }]);
    });

    it('gives no imported campaign for an unknown id or a news item’s', async () => {
      await campaigns().saveNewsItem(aNewsItem({ id: 'written-here' }));
      expect(await campaigns().getImportedCampaign('written-here')).toBeNull();
      expect(await campaigns().getImportedCampaign('nothing-here')).toBeNull();
      expect(await campaigns().listImportedCampaigns()).toEqual([]);
    });

    it('lists imported campaigns newest first, those never finished last', async () => {
      for (const campaign of [
        aCampaign({ id: 'never', finished_at: null }),
        aCampaign({ id: 'old', finished_at: '2025-01-01T10:00:00.000Z' }),
        aCampaign({ id: 'new' }),
      ])
        await campaigns().put(campaign);
      expect((await campaigns().listImportedCampaigns()).map((c) => c.id)).toEqual(['new', 'old', 'never']);
    });

    it('hands out copies: changing a listed news item changes nothing stored', async () => {
      await campaigns().saveNewsItem(aNewsItem());
      const [listed] = await campaigns().listNewsItems();
      listed.subject = 'Tampered';
      expect((await campaigns().getNewsItem(listed.id))?.subject).toBe(aNewsItem().subject);
    });
  });
}
