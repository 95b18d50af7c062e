import type { Campaign } from './campaign';

export interface CampaignSource {
  /**
   * The sent campaigns, newest `finished_at` first (campaigns without one last).
   * Throws UnavailableError with the text 'Failed to fetch communications: {status text}' when
   * the source cannot be read.
   */
  listRecent(): Promise<Campaign[]>;
}
