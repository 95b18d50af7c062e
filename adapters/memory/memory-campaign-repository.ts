import type { Campaign } from '../../core/entities/campaign';
import type { CampaignRepository } from '../../core/ports/campaign-repository';
import { compareText, instantMillis } from './compare-text';

export class MemoryCampaignRepository implements CampaignRepository {
  private readonly campaigns = new Map<string, Campaign>();

  async listRecent(): Promise<Campaign[]> {
    return [...this.campaigns.values()]
      .sort((a, b) => {
        const at = instantMillis(a.finished_at);
        const bt = instantMillis(b.finished_at);
        if (at !== bt) {
          if (at === null) return 1;
          if (bt === null) return -1;
          return bt - at;
        }
        return compareText(a.id, b.id);
      })
      .map((campaign) => ({ ...campaign }));
  }

  async put(campaign: Campaign): Promise<void> {
    this.campaigns.set(campaign.id, { ...campaign });
  }
}
