import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/** A sent e-mail campaign, shown on the News page. */
export const CampaignSchema = z.object({
  id: z.string().min(1),
  subject: z.string(),
  finished_at: InstantSchema.nullable(),
  preview_url: z.string().url().nullable(),
  /**
   * True for a news item written in the app (CAMPAIGNS=database): the club's own page
   * /news/{id} shows it. Absent for campaigns from MailerLite and the imported demo ones.
   */
  news_page: z.boolean().optional(),
  /** The first words of such a news item as plain text (the News page and search show them). */
  excerpt: z.string().optional(),
});
export type Campaign = z.infer<typeof CampaignSchema>;
