import type { Campaign } from '../../core/campaigns/campaign';
import { importedCampaignListing, type ImportedCampaign } from '../../core/news/imported-campaign';
import type { NewsItem } from '../../core/news/news-item';
import { newsExcerpt } from '../../core/news/news-body';
import { newsItemCampaign } from '../../core/news/news-items';
import type { CampaignRepository } from '../../core/news/campaign-repository.port';
import { byInstantThenId, compareText } from './compare-text';

type Entry = { kind: 'campaign'; campaign: ImportedCampaign } | { kind: 'news'; item: NewsItem };

const newestFirst = byInstantThenId<Pick<Campaign, 'id' | 'finished_at'>>((campaign) => campaign.finished_at, -1);

export class MemoryCampaignRepository implements CampaignRepository {
  private readonly entries = new Map<string, Entry>();

  async listRecent(): Promise<Campaign[]> {
    const listed: Campaign[] = [];
    for (const entry of this.entries.values()) {
      if (entry.kind === 'campaign') listed.push(await importedCampaignListing(entry.campaign));
      else if (entry.item.status === 'published') listed.push(newsItemCampaign(entry.item, await newsExcerpt(entry.item.body)));
    }
    return listed.sort(newestFirst);
  }

  async put(campaign: ImportedCampaign): Promise<void> {
    const { id, subject, finished_at, preview_url, content = null } = campaign;
    this.entries.set(id, { kind: 'campaign', campaign: { id, subject, finished_at, preview_url, content } });
  }

  async getImportedCampaign(id: string): Promise<ImportedCampaign | null> {
    const entry = this.entries.get(id);
    return entry?.kind === 'campaign' ? { ...entry.campaign } : null;
  }

  async listImportedCampaigns(): Promise<ImportedCampaign[]> {
    const imported: ImportedCampaign[] = [];
    for (const entry of this.entries.values()) if (entry.kind === 'campaign') imported.push({ ...entry.campaign });
    return imported.sort(newestFirst);
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
