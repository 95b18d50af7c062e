import type { Admin } from '../admins/admin';
import type { NewsItem } from './news-item';
import { NEWS_FROM_MAILERLITE, newsStatusLabel } from './news-items';
import { ConflictError } from '../shared/errors';
import type { AdminNewsItem, NewsSource } from './news-schema';
import type { CampaignSource } from '../campaigns/campaign-source.port';
import type { SearchIndex } from '../search/search-index.port';
import { flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { keepIndexInStep, type SearchIndexErrorReporter } from '../search/keep-index-in-step';
import { indexNewsFromSource } from './news-index';

/** The fields of a news item the audit log records. */
export const NEWS_AUDIT_FIELDS = ['subject', 'body', 'publishAt', 'status'] as const;

/** What the news writing use cases share: the store, the source in use, search and the audit log. */
export interface NewsWritingDeps extends AuditTrailDeps {
  campaignSource: CampaignSource;
  search: SearchIndex;
  /** CAMPAIGNS: with 'mailerlite' the app writes no news. */
  newsSource: NewsSource;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/** News are written in MailerLite when it is the source: the app refuses to write any. */
export function refuseUnlessWrittenHere(deps: { newsSource: NewsSource }): void {
  if (deps.newsSource !== 'database') throw new ConflictError(NEWS_FROM_MAILERLITE);
}

export function withLabel(item: NewsItem, now: Date): AdminNewsItem {
  return { ...item, label: newsStatusLabel(item, now) };
}

/** After a change: the audit log's entry, then the news index from the source in use. */
export async function recordNewsChange(
  deps: NewsWritingDeps,
  admin: Admin,
  what: { action: 'news.created' | 'news.updated' | 'news.deleted'; before: NewsItem | null; after: NewsItem | null; summary: string },
): Promise<void> {
  const id = (what.after ?? what.before)?.id ?? '';
  await recordAdminAction(deps, admin, {
    action: what.action,
    recordType: 'news',
    recordId: id,
    summary: what.summary,
    before: flat(what.before, NEWS_AUDIT_FIELDS),
    after: flat(what.after, NEWS_AUDIT_FIELDS),
  });
  await keepIndexInStep(async () => {
    await indexNewsFromSource(deps);
  }, deps.reportSearchIndexError);
}
