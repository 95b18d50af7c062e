import { z } from 'zod';
import { CampaignSchema, type Campaign } from '../campaigns/campaign';
import { NEWS_BODY_MAX } from './news-item';
import { newsExcerpt } from './news-body';

/**
 * A campaign imported into the database as it was sent (the demo's, or one copied in by an
 * operator), as the campaign repository keeps it. `content` is the e-mail's text as Markdown, the
 * same Markdown a news item's body is written in, so it is shown through the same sanitiser
 * (core/news/news-body.ts); null or absent when only the subject and the provider's link were kept.
 */
export const ImportedCampaignSchema = CampaignSchema.pick({ id: true, subject: true, finished_at: true, preview_url: true }).extend({
  content: z.string().max(NEWS_BODY_MAX).nullable().optional(),
});
export type ImportedCampaign = z.infer<typeof ImportedCampaignSchema>;

/** Whether the database holds the e-mail's text, so that the club's own page (/news/{id}) can show it. */
export function hasOwnPage(campaign: Pick<ImportedCampaign, 'content'>): campaign is { content: string } {
  return typeof campaign.content === 'string' && campaign.content.trim() !== '';
}

/**
 * An imported campaign as the News page lists it. One whose text is stored opens in the app, as a
 * news item does (its own page, its first words as the excerpt, no outside preview: a stored
 * campaign's link may point at a page that no longer exists, as the demo's did). One stored
 * without its text keeps its provider's preview link, or none ('Preview Unavailable').
 */
export async function importedCampaignListing(campaign: ImportedCampaign): Promise<Campaign> {
  const { id, subject, finished_at, preview_url } = campaign;
  if (hasOwnPage(campaign)) return { id, subject, finished_at, preview_url: null, news_page: true, excerpt: await newsExcerpt(campaign.content) };
  return { id, subject, finished_at, preview_url };
}
