import type { Knex } from 'knex';
import { CampaignSchema, type Campaign } from '../../core/entities/campaign';
import type { CampaignRepository } from '../../core/ports/campaign-repository';
import { instantMillis } from './sqlite-values';

export class SqliteCampaignRepository implements CampaignRepository {
  constructor(private readonly db: Knex) {}

  async listRecent(): Promise<Campaign[]> {
    const rows = await this.db('campaigns')
      .select('id', 'subject', 'finished_at', 'preview_url')
      .orderByRaw('finishedAtMs IS NULL, finishedAtMs DESC, id ASC');
    return rows.map((row) => CampaignSchema.parse(row));
  }

  async put(campaign: Campaign): Promise<void> {
    await this.db('campaigns')
      .insert({
        id: campaign.id,
        subject: campaign.subject,
        finished_at: campaign.finished_at,
        finishedAtMs: instantMillis(campaign.finished_at),
        preview_url: campaign.preview_url,
      })
      .onConflict('id')
      .merge();
  }
}
