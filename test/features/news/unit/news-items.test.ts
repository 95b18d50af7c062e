import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptyNewsForm, NEWS_FORM_MESSAGES, newsItemToFormValues, validateNewsForm, type NewsFormValues } from '../../../../core/news/news-form';
import { byNewestPublished, isNewsVisible, newsStatusLabel, visibleCampaigns } from '../../../../core/news/news-items';
import { isSearchHitVisible } from '../../../../core/search/search-hit';
import { newsItemIdOf, newsItemPath } from '../../../../core/shared/paths';
import { NEWS_SUBJECT_MAX, type NewsItem } from '../../../../core/news/news-item';
import { londonWallClock } from '../../../../core/shared/london-time';
import { CampaignSchema } from '../../../../core/campaigns/campaign';
import { importedCampaignListing } from '../../../../core/news/imported-campaign';

const form = (overrides: Partial<NewsFormValues> = {}): NewsFormValues => ({
  subject: 'Pontoon open',
  body: 'The **new** pontoon is in.',
  publishAt: '2026-07-04T18:30',
  status: 'published',
  ...overrides,
});

// Instants from 2000 to 2100, to the second.
const instantArb = fc.integer({ min: 946_684_800, max: 4_102_444_800 }).map((s) => new Date(s * 1000));
const itemArb = fc.record({
  id: fc.stringMatching(/^[a-z0-9-]{1,20}$/),
  subject: fc.string({ minLength: 1, maxLength: 50 }),
  body: fc.string({ maxLength: 50 }),
  publishAt: instantArb.map((d) => d.toISOString()),
  status: fc.constantFrom('draft' as const, 'published' as const),
  createdAt: fc.constant('2026-01-01T00:00:00.000Z'),
  updatedAt: fc.constant('2026-01-01T00:00:00.000Z'),
}) satisfies fc.Arbitrary<NewsItem>;

describe('validateNewsForm (the same rule in the browser and on the server)', () => {
  it('turns a good form into what is stored: subject trimmed, the London time as an instant', async () => {
    expect(validateNewsForm(form({ subject: '  Pontoon open  ' }))).toEqual({
      ok: true,
      value: { subject: 'Pontoon open', body: 'The **new** pontoon is in.', publishAt: '2026-07-04T17:30:00.000Z', status: 'published' },
    });
    // In winter London is on GMT.
    expect(validateNewsForm(form({ publishAt: '2026-01-10T09:00' }))).toMatchObject({ ok: true, value: { publishAt: '2026-01-10T09:00:00.000Z' } });
  });

  it('names each field that is wrong, in words', async () => {
    expect(validateNewsForm(form({ subject: ' ', body: '\n  \n', publishAt: '', status: 'live' }))).toEqual({
      ok: false,
      errors: {
        subject: NEWS_FORM_MESSAGES.subjectRequired,
        body: NEWS_FORM_MESSAGES.bodyRequired,
        publishAt: NEWS_FORM_MESSAGES.publishAtRequired,
        status: NEWS_FORM_MESSAGES.statusInvalid,
      },
    });
    expect(validateNewsForm(form({ publishAt: '31/04/2026 at 10:00' }))).toEqual({ ok: false, errors: { publishAt: NEWS_FORM_MESSAGES.publishAtInvalid } });
    expect(validateNewsForm(form({ subject: 'x'.repeat(NEWS_SUBJECT_MAX + 1) }))).toEqual({
      ok: false,
      errors: { subject: NEWS_FORM_MESSAGES.subjectTooLong },
    });
    expect(validateNewsForm(form({ body: 'x'.repeat(50_001) }))).toEqual({ ok: false, errors: { body: NEWS_FORM_MESSAGES.bodyTooLong } });
  });

  it('accepts any subject of 1 to 200 characters and any real London minute, and refuses a blank subject', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: NEWS_SUBJECT_MAX }),
        instantArb,
        fc.constantFrom('draft', 'published'),
        async (subject, at, status) => {
          const result = validateNewsForm(form({ subject, publishAt: londonWallClock(at), status }));
          if (subject.trim() === '') {
            expect(result).toEqual({ ok: false, errors: { subject: NEWS_FORM_MESSAGES.subjectRequired } });
            return;
          }
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.value.subject).toBe(subject.trim());
          expect(result.value.status).toBe(status);
          // The minute is kept (an hour that happens twice reads as the first).
          expect(londonWallClock(new Date(result.value.publishAt))).toBe(londonWallClock(at));
        },
      ),
    );
  });

  it('opens an item in its form and reads back the same item', async () => {
    await fc.assert(
      fc.asyncProperty(itemArb, async (item) => {
        const wellFormed = {
          ...item,
          subject: `S${item.subject.trim()}`,
          body: `B${item.body}`.trimEnd(),
          publishAt: new Date(Math.floor(Date.parse(item.publishAt) / 3_600_000) * 3_600_000).toISOString(),
        };
        const result = validateNewsForm(newsItemToFormValues(wellFormed));
        expect(result).toEqual({
          ok: true,
          value: { subject: wellFormed.subject, body: wellFormed.body, publishAt: result.ok ? result.value.publishAt : '', status: wellFormed.status },
        });
        if (result.ok) expect(londonWallClock(new Date(result.value.publishAt))).toBe(londonWallClock(new Date(wellFormed.publishAt)));
      }),
    );
  });

  it('starts a new item as a draft, to publish at the current London minute', async () => {
    expect(emptyNewsForm(new Date('2026-07-04T17:30:45.000Z'))).toEqual({ subject: '', body: '', publishAt: '2026-07-04T18:30', status: 'draft' });
  });
});

describe('what members see when', () => {
  it('a member sees an item exactly when it is published and its time has come', async () => {
    await fc.assert(
      fc.asyncProperty(itemArb, instantArb, async (item, now) => {
        expect(isNewsVisible(item, now)).toBe(item.status === 'published' && Date.parse(item.publishAt) <= now.getTime());
        expect(newsStatusLabel(item, now)).toBe(item.status === 'draft' ? 'Draft' : isNewsVisible(item, now) ? 'Published' : 'Scheduled');
      }),
    );
  });

  it('the News page shows a campaign from its time on; one without a time always', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(instantArb, { nil: null }), { maxLength: 8 }), instantArb, async (times, now) => {
        const campaigns = times.map((t, i) => ({ id: `c${i}`, subject: 'S', finished_at: t === null ? null : t.toISOString(), preview_url: null }));
        const shown = visibleCampaigns(campaigns, now);
        expect(shown).toEqual(campaigns.filter((c) => c.finished_at === null || Date.parse(c.finished_at) <= now.getTime()));
      }),
    );
  });

  it('search finds a news item from its publish time on, and every other hit always', async () => {
    const now = new Date('2026-06-01T09:00:00.000Z');
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(isSearchHitVisible({ type: 'news', eventDate: at('2026-06-01T09:00:00.000Z') }, now)).toBe(true);
    expect(isSearchHitVisible({ type: 'news', eventDate: at('2026-06-01T09:00:01.000Z') }, now)).toBe(false);
    expect(isSearchHitVisible({ type: 'news', eventDate: undefined }, now)).toBe(true);
    expect(isSearchHitVisible({ type: 'event', eventDate: at('2027-01-01T00:00:00.000Z') }, now)).toBe(true);
  });

  it('lists items newest publish time first, ties by id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(itemArb, { maxLength: 10 }), async (items) => {
        const sorted = [...items].sort(byNewestPublished);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1], sorted[i]];
          expect(Date.parse(a.publishAt) > Date.parse(b.publishAt) || (a.publishAt === b.publishAt && a.id <= b.id)).toBe(true);
        }
      }),
    );
  });
});

describe('a news item page address', () => {
  it('reads back the id it was made from, whatever the id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }), async (id) => {
        expect(newsItemIdOf(newsItemPath(id))).toBe(id);
      }),
    );
  });

  it('is not any other address', async () => {
    for (const path of ['/news', '/news/', '/news/a/b', '/newsx/a', '/news/%E0%A4%A', '/calendar']) expect(newsItemIdOf(path)).toBeNull();
  });
});

describe('imported campaigns on the News page (importedCampaignListing)', () => {
  const imported = fc.record({
    id: fc.string({ minLength: 1, maxLength: 20 }),
    subject: fc.string({ maxLength: 40 }),
    finished_at: fc.option(
      fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
      { nil: null },
    ),
    preview_url: fc.option(fc.webUrl(), { nil: null }),
    content: fc.option(fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('', '  \n ', 'The **regatta** is on.')), { nil: null }),
  });

  it('opens its own page exactly when its text is stored, and then never an outside preview', async () => {
    await fc.assert(
      fc.asyncProperty(imported, async (campaign) => {
        const listed = await importedCampaignListing(campaign);
        expect(CampaignSchema.parse(listed)).toEqual(listed);
        expect({ id: listed.id, subject: listed.subject, finished_at: listed.finished_at }).toEqual({
          id: campaign.id,
          subject: campaign.subject,
          finished_at: campaign.finished_at,
        });
        const ownPage = campaign.content !== null && campaign.content.trim() !== '';
        expect(listed.news_page === true).toBe(ownPage);
        expect(listed.preview_url).toBe(ownPage ? null : campaign.preview_url);
        if (ownPage) expect(typeof listed.excerpt).toBe('string');
        else expect(listed).not.toHaveProperty('excerpt');
      }),
    );
  });
});
