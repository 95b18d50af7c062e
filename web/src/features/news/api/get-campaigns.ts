import { z } from 'zod';
import { CampaignSchema, type Campaign } from '@core/entities/campaign';
import { apiGet } from '../../../lib/api';

const CampaignsAnswerSchema = z.object({ campaigns: z.array(CampaignSchema) });

export async function getCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  const answer = await apiGet('/api/campaigns', CampaignsAnswerSchema, { signal });
  return answer.campaigns;
}
