import type { Campaign } from '../entities/campaign';
import type { CampaignSource } from './campaign-source';

/** Campaigns kept in the database (the embedded default campaign source). */
export interface CampaignRepository extends CampaignSource {
  /** Stores a campaign, replacing any with the same id. */
  put(campaign: Campaign): Promise<void>;
}
