import { campaignSearchRecord } from '../campaigns/campaign-search-record';
import type { CampaignSource } from '../campaigns/campaign-source.port';
import type { SearchIndex } from '../search/search-index.port';

/**
 * Puts into the news index exactly what the campaign source in use lists (MailerLite's campaigns
 * with CAMPAIGNS=mailerlite, the stored campaigns and published news items otherwise), never the
 * database table behind the source's back. Returns how many records the index now holds.
 */
export async function indexNewsFromSource(deps: { campaignSource: CampaignSource; search: SearchIndex }): Promise<number> {
  const campaigns = await deps.campaignSource.listRecent();
  await deps.search.replaceAll(
    'news',
    campaigns.map((c) => campaignSearchRecord(c)),
  );
  return campaigns.length;
}
