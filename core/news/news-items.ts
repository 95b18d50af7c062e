import type { Campaign } from '../campaigns/campaign';
import type { NewsItem } from './news-item';

/** What members and the admin screen are told about an id that is not (or not yet) a member's news item. */
export const NEWS_NOT_FOUND = 'News item not found';
/** Said by the admin screen and the API when news come from MailerLite (CAMPAIGNS=mailerlite). */
export const NEWS_FROM_MAILERLITE = 'News come from MailerLite: write, schedule and send them in MailerLite, and they appear on the News page by themselves.';

function publishMillis(item: Pick<NewsItem, 'publishAt'>): number {
  return Date.parse(item.publishAt);
}

/** Whether members see the item: it is published and its publish time has come. */
export function isNewsVisible(item: Pick<NewsItem, 'status' | 'publishAt'>, now: Date): boolean {
  return item.status === 'published' && publishMillis(item) <= now.getTime();
}

/** What the admin list says of an item: Draft, Scheduled (published, time still to come) or Published. */
export function newsStatusLabel(item: Pick<NewsItem, 'status' | 'publishAt'>, now: Date): 'Draft' | 'Scheduled' | 'Published' {
  if (item.status === 'draft') return 'Draft';
  return isNewsVisible(item, now) ? 'Published' : 'Scheduled';
}

/** Newest publish time first; the same time by id, so the order never changes between reads. */
export function byNewestPublished(a: Pick<NewsItem, 'publishAt' | 'id'>, b: Pick<NewsItem, 'publishAt' | 'id'>): number {
  const diff = publishMillis(b) - publishMillis(a);
  if (diff !== 0) return diff;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The campaigns members see now: a campaign whose time (a news item's publish time) is still to
 * come waits; one without a time (MailerLite gave none) is shown, last, as before.
 */
export function visibleCampaigns(campaigns: Campaign[], now: Date): Campaign[] {
  return campaigns.filter((c) => c.finished_at === null || Date.parse(c.finished_at) <= now.getTime());
}

/** A published news item as the News page lists it: its own page, no outside preview. */
export function newsItemCampaign(item: NewsItem, excerpt: string): Campaign {
  return { id: item.id, subject: item.subject, finished_at: item.publishAt, preview_url: null, news_page: true, excerpt };
}
