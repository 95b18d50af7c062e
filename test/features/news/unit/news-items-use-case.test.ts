import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { NEWS_FORM_MESSAGES } from '../../../../core/news/news-form';
import { NEWS_FROM_MAILERLITE, NEWS_NOT_FOUND } from '../../../../core/news/news-items';
import { PERMISSION_MESSAGES } from '../../../../core/admins/permissions';
import type { Campaign } from '../../../../core/campaigns/campaign';
import type { CampaignSource } from '../../../../core/campaigns/campaign-source.port';
import { ListCampaigns } from '../../../../core/content/club-content';
import { CreateNewsItem } from '../../../../core/news/create-news-item';
import { DeleteNewsItem } from '../../../../core/news/delete-news-item';
import { GetNewsItem } from '../../../../core/news/get-news-item';
import { ListNewsItems } from '../../../../core/news/list-news-items';
import type { NewsSource } from '../../../../core/news/news-schema';
import { ReadNewsItem } from '../../../../core/news/read-news-item';
import { RebuildSearchIndex } from '../../../../core/operations/rebuild-search-index';
import { RefreshNewsIndex } from '../../../../core/news/refresh-news-index';
import { SearchSite } from '../../../../core/search/search';
import { UpdateNewsItem } from '../../../../core/news/update-news-item';
import { withPermissions } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';
import { memoryStorage } from '../../../support/stores';

const NOW = '2026-06-01T09:00:00.000Z';

function world(newsSource: NewsSource = 'database', outside?: CampaignSource) {
  const { campaigns, search, audit } = memoryStorage();
  const deps = {
    campaigns,
    campaignSource: outside ?? campaigns,
    search,
    clock: new FixedClock(NOW),
    ids: new SequentialIdGenerator('n'),
    audit,
    newsSource,
    reportSearchIndexError: () => {},
    reportSearchError: () => {},
  };
  return {
    ...deps,
    create: new CreateNewsItem(deps),
    update: new UpdateNewsItem(deps),
    remove: new DeleteNewsItem(deps),
    list: new ListNewsItems(deps),
    get: new GetNewsItem(deps),
    read: new ReadNewsItem(deps),
    members: new ListCampaigns(deps),
    find: new SearchSite(deps),
  };
}

const admin = anAdmin({ permissions: ['content:write'] });
const form = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Pontoon open',
  body: 'The **new pontoon** is in.\n\n<script>alert(1)</script>',
  publishAt: '2026-06-01T09:00',
  status: 'published',
  ...overrides,
});

/** Members see nothing of the item yet: it is not on /news, has no page and is not found. */
async function expectUnseen(w: ReturnType<typeof world>, id: string): Promise<void> {
  expect(await w.members.execute()).toEqual([]);
  await expect(w.read.execute(id)).rejects.toThrow(NEWS_NOT_FOUND);
  expect((await w.find.execute('pontoon')).hits).toEqual([]);
}

describe('writing news items (CAMPAIGNS=database)', () => {
  it('a published item shows on /news, opens its own page with the body rendered safely, and is found by search', async () => {
    const w = world();
    // 09:00 in London is 08:00 UTC: already past at 09:00 UTC.
    const item = await w.create.execute(admin, form());
    expect(item).toMatchObject({ subject: 'Pontoon open', publishAt: '2026-06-01T08:00:00.000Z', status: 'published', label: 'Published', createdAt: NOW });
    const listed = await w.members.execute();
    expect(listed).toEqual([
      {
        id: item.id,
        subject: 'Pontoon open',
        finished_at: '2026-06-01T08:00:00.000Z',
        preview_url: null,
        news_page: true,
        excerpt: 'The new pontoon is in. <script>alert(1)</script>',
      },
    ]);
    const page = await w.read.execute(item.id);
    expect(page.html).toContain('<strong>new pontoon</strong>');
    expect(page.html).toContain('&lt;script&gt;');
    expect(page.html).not.toContain('<script');
    const found = await w.find.execute('pontoon');
    expect(found.hits.map((h) => [h.type, h.subject, h.detailsUrl])).toEqual([['news', 'Pontoon open', `/news/${item.id}`]]);
  });

  it('a draft is neither on /news, nor a page, nor found; publishing it shows it at once', async () => {
    const w = world();
    const draft = await w.create.execute(admin, form({ status: 'draft' }));
    expect(draft.label).toBe('Draft');
    await expectUnseen(w, draft.id);
    await w.update.execute(admin, draft.id, form({ status: 'published' }));
    expect((await w.members.execute()).map((c) => c.id)).toEqual([draft.id]);
    expect((await w.find.execute('pontoon')).hits).toHaveLength(1);
  });

  it('an item published for later waits for its time on /news, its page and search', async () => {
    const w = world();
    const later = await w.create.execute(admin, form({ publishAt: '2026-06-02T10:00' }));
    expect(later.label).toBe('Scheduled');
    await expectUnseen(w, later.id);
    w.clock.set('2026-06-02T09:00:00.000Z');
    expect((await w.members.execute()).map((c) => c.id)).toEqual([later.id]);
    expect((await w.read.execute(later.id)).subject).toBe('Pontoon open');
    expect((await w.find.execute('pontoon')).hits).toHaveLength(1);
  });

  it('unpublishing and deleting take the item off /news and out of search', async () => {
    const w = world();
    const item = await w.create.execute(admin, form());
    await w.update.execute(admin, item.id, form({ status: 'draft' }));
    expect(await w.members.execute()).toEqual([]);
    expect((await w.find.execute('pontoon')).hits).toEqual([]);
    await w.update.execute(admin, item.id, form());
    await w.remove.execute(admin, item.id);
    expect(await w.members.execute()).toEqual([]);
    expect((await w.find.execute('pontoon')).hits).toEqual([]);
    expect(await w.campaigns.getNewsItem(item.id)).toBeNull();
    await expect(w.remove.execute(admin, item.id)).rejects.toThrow(NEWS_NOT_FOUND);
  });

  it('writes every change to the audit log as a news record, with the fields changed', async () => {
    const w = world();
    const item = await w.create.execute(admin, form({ status: 'draft' }));
    w.clock.set('2026-06-01T10:00:00.000Z');
    await w.update.execute(admin, item.id, form({ subject: 'Pontoon now open' }));
    w.clock.set('2026-06-01T11:00:00.000Z');
    await w.remove.execute(admin, item.id);
    const entries = await w.audit.list({ recordId: item.id, limit: 10 });
    expect(entries.map((e) => [e.action, e.recordType, e.summary])).toEqual([
      ['news.deleted', 'news', 'Deleted the news item Pontoon now open'],
      ['news.updated', 'news', 'Published the news item Pontoon now open'],
      ['news.created', 'news', 'Wrote the news item Pontoon open'],
    ]);
    expect(entries[1].changes).toEqual([
      { field: 'subject', before: 'Pontoon open', after: 'Pontoon now open' },
      { field: 'status', before: 'draft', after: 'published' },
    ]);
    expect(entries[1].actor).toEqual({ kind: 'admin', uid: admin.uid, email: admin.email });
  });

  it('refuses a bad form with each field named, and stores nothing', async () => {
    const w = world();
    await expect(w.create.execute(admin, form({ subject: '', publishAt: '30/02/2026 at 10:00' }))).rejects.toMatchObject({
      fields: { subject: NEWS_FORM_MESSAGES.subjectRequired, publishAt: NEWS_FORM_MESSAGES.publishAtInvalid },
    });
    await expect(w.create.execute(admin, { subject: 42 })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await w.campaigns.listNewsItems()).toEqual([]);
    expect(await w.audit.list({ limit: 10 })).toEqual([]);
  });

  it('needs content:write for every screen and change', async () => {
    const w = world();
    const item = await w.create.execute(admin, form());
    const eventsOnly = withPermissions(['events:read', 'events:write']);
    for (const attempt of [
      () => w.list.execute(eventsOnly),
      () => w.get.execute(eventsOnly, item.id),
      () => w.create.execute(eventsOnly, form()),
      () => w.update.execute(eventsOnly, item.id, form()),
      () => w.remove.execute(eventsOnly, item.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'PERMISSION', message: PERMISSION_MESSAGES.news });
    }
    expect((await w.campaigns.listNewsItems()).map((i) => i.id)).toEqual([item.id]);
  });

  it('lists every item for the admin, drafts included, with what members see of each now', async () => {
    const w = world();
    const a = await w.create.execute(admin, form({ subject: 'A', publishAt: '2026-05-01T10:00' }));
    const b = await w.create.execute(admin, form({ subject: 'B', status: 'draft', publishAt: '2026-05-02T10:00' }));
    const c = await w.create.execute(admin, form({ subject: 'C', publishAt: '2026-07-01T10:00' }));
    const listed = await w.list.execute(admin);
    expect(listed.source).toBe('database');
    expect(listed.items.map((i) => [i.id, i.label])).toEqual([
      [c.id, 'Scheduled'],
      [b.id, 'Draft'],
      [a.id, 'Published'],
    ]);
    expect((await w.get.execute(admin, b.id)).form).toEqual({ subject: 'B', body: form().body, publishAt: '2026-05-02T10:00', status: 'draft' });
    await expect(w.get.execute(admin, 'nope')).rejects.toThrow(NEWS_NOT_FOUND);
  });
});

describe('news from MailerLite (CAMPAIGNS=mailerlite)', () => {
  const sent: Campaign[] = [
    { id: 'ml-1', subject: 'Regatta results', finished_at: '2026-05-20T10:00:00.000Z', preview_url: 'https://preview.mailerlite.io/1' },
  ];
  const mailerLite: CampaignSource = { listRecent: async () => sent.map((c) => ({ ...c })) };

  it('the admin screen is told news come from MailerLite, and every write is refused, changing nothing', async () => {
    const w = world('mailerlite', mailerLite);
    // A news item left in the table from before the switch.
    await w.campaigns.saveNewsItem({
      id: 'old',
      subject: 'Old',
      body: 'x',
      publishAt: '2026-01-01T00:00:00.000Z',
      status: 'published',
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await w.list.execute(admin)).toEqual({ source: 'mailerlite', items: [] });
    await expect(w.create.execute(admin, form())).rejects.toMatchObject({ code: 'CONFLICT', message: NEWS_FROM_MAILERLITE });
    await expect(w.update.execute(admin, 'old', form())).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(w.remove.execute(admin, 'old')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(w.get.execute(admin, 'old')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(w.read.execute('old')).rejects.toThrow(NEWS_NOT_FOUND);
    expect((await w.campaigns.listNewsItems()).map((i) => i.subject)).toEqual(['Old']);
  });

  it("the index round and the rebuild index MailerLite's campaigns, not the table", async () => {
    const w = world('mailerlite', mailerLite);
    await w.campaigns.saveNewsItem({
      id: 'old',
      subject: 'Old pontoon news',
      body: 'x',
      publishAt: '2026-01-01T00:00:00.000Z',
      status: 'published',
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await new RefreshNewsIndex(w).execute()).toBe(1);
    expect((await w.find.execute('regatta')).hits.map((h) => h.objectID)).toEqual(['ml-1']);
    expect((await w.find.execute('pontoon')).hits).toEqual([]);
    const { events, workDays, documents, sitePages } = memoryStorage();
    const rebuilt = await new RebuildSearchIndex({ ...w, events, workDays, documents, sitePages, clubName: 'Kestrel Yacht Club' }).execute([]);
    expect(rebuilt.news).toBe(1);
    expect((await w.find.execute('pontoon')).hits).toEqual([]);
  });

  it('with the database as the source the round has nothing to do (news are indexed as they are saved)', async () => {
    const w = world();
    expect(await new RefreshNewsIndex(w).execute()).toBeNull();
  });
});
