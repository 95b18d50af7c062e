import { z } from 'zod';
import { InstantSchema } from './instant';

/** A sent e-mail campaign, shown on the News page. */
export const CampaignSchema = z.object({
  id: z.string().min(1),
  subject: z.string(),
  finished_at: InstantSchema.nullable(),
  preview_url: z.string().url().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;
