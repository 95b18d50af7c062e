import type { ImportedCampaign } from './imported-campaign';
import type { NewsItem } from './news-item';
import type { CampaignSource } from '../campaigns/campaign-source.port';

/**
 * Campaigns kept in the database (the embedded default campaign source): campaigns imported as
 * they are (the demo's, with their text) and news items that admins write in the app.
 * As a CampaignSource, `listRecent` lists the imported campaigns (as importedCampaignListing says:
 * one with its text stored opens its own page) and the published news items (each with
 * `news_page: true`, its excerpt and no preview link), newest first, drafts never;
 * published items whose time is still to come are listed too, and callers hide them until then
 * (visibleCampaigns), so that the search index can hold them ahead of time.
 */
export interface CampaignRepository extends CampaignSource {
  /** Stores an imported campaign, its text (`content`) too, replacing any with the same id (a news item of that id too). */
  put(campaign: ImportedCampaign): Promise<void>;
  /** The imported campaign with this id as stored, `content` null when it has none; null for an unknown id or a news item's. */
  getImportedCampaign(id: string): Promise<ImportedCampaign | null>;
  /** Every imported campaign as stored (news items not), newest `finished_at` first, unfinished last. */
  listImportedCampaigns(): Promise<ImportedCampaign[]>;
  /** Every news item written in the app, drafts included, newest publish time first (then by id). Imported campaigns are not news items. */
  listNewsItems(): Promise<NewsItem[]>;
  /** The news item with this id, draft or published, or null (also for an imported campaign's id). */
  getNewsItem(id: string): Promise<NewsItem | null>;
  /** Stores a news item, replacing the one with the same id. */
  saveNewsItem(item: NewsItem): Promise<void>;
  /** Removes the news item; false when there was none (an imported campaign is not removed). */
  deleteNewsItem(id: string): Promise<boolean>;
}
