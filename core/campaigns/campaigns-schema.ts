import { z } from 'zod';
import { CampaignSchema } from './campaign';

/** GET /api/campaigns's answer (the news page's list), declared once for the API and the web. */
export const CampaignsResponseSchema = z.object({ campaigns: z.array(CampaignSchema) });
export type CampaignsResponse = z.infer<typeof CampaignsResponseSchema>;
