import type { Campaign } from '../../core/campaigns/campaign';
import type { NewsItem } from '../../core/news/news-item';
import { newsExcerpt } from '../../core/news/news-body';
import { newsItemCampaign } from '../../core/news/news-items';
import type { CampaignRepository } from '../../core/campaigns/campaign-repository.port';
import { byInstantThenId, compareText } from './compare-text';

type Entry = { kind: 'campaign'; campaign: Campaign } | { kind: 'news'; item: NewsItem };

const newestFirst = byInstantThenId<Campaign>((campaign) => campaign.finished_at, -1);

export class MemoryCampaignRepository implements CampaignRepository {
  private readonly entries = new Map<string, Entry>();

  async listRecent(): Promise<Campaign[]> {
    const listed: Campaign[] = [];
    for (const entry of this.entries.values()) {
      if (entry.kind === 'campaign') listed.push({ ...entry.campaign });
      else if (entry.item.status === 'published') listed.push(newsItemCampaign(entry.item, newsExcerpt(entry.item.body)));
    }
    return listed.sort(newestFirst);
  }

  async put(campaign: Campaign): Promise<void> {
    this.entries.set(campaign.id, { kind: 'campaign', campaign: { ...campaign } });
  }

  async listNewsItems(): Promise<NewsItem[]> {
    const items: NewsItem[] = [];
    for (const entry of this.entries.values()) if (entry.kind === 'news') items.push({ ...entry.item });
    return items.sort((a, b) => Date.parse(b.publishAt) - Date.parse(a.publishAt) || compareText(a.id, b.id));
  }

  async getNewsItem(id: string): Promise<NewsItem | null> {
    const entry = this.entries.get(id);
    return entry?.kind === 'news' ? { ...entry.item } : null;
  }

  async saveNewsItem(item: NewsItem): Promise<void> {
    this.entries.set(item.id, { kind: 'news', item: { ...item } });
  }

  async deleteNewsItem(id: string): Promise<boolean> {
    if (this.entries.get(id)?.kind !== 'news') return false;
    this.entries.delete(id);
    return true;
  }
}
