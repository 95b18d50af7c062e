import type { Campaign } from './campaign';
import { newsItemPath } from '../shared/paths';
import { compact, epochSeconds } from '../search/search-records';
import type { SearchRecord } from '../search/search-hit';

/**
 * The search record of a campaign or a news item written in the app: its link is the club's own
 * page (/news/{id}) when there is one (news_page), else the provider's preview; its description the item's excerpt; its date
 * (eventDate) the time it went out, so that an item indexed ahead of its publish time is found
 * only from then on (isSearchHitVisible).
 */
export function campaignSearchRecord(campaign: Campaign): SearchRecord {
  return compact({
    objectID: campaign.id,
    type: 'news',
    category: 'news',
    subject: campaign.subject,
    description: campaign.excerpt === undefined || campaign.excerpt === '' ? undefined : campaign.excerpt,
    eventDate: epochSeconds(campaign.finished_at),
    detailsUrl: campaign.news_page ? newsItemPath(campaign.id) : (campaign.preview_url ?? undefined),
    tags: [],
  });
}
