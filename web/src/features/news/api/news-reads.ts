import { apiQuery, useRead } from '../../../lib/reads';

/** The news page's read: the club's recent e-mail campaigns (GET /api/campaigns). */
export const campaignsRead = apiQuery(
  ['campaigns'],
  '/api/campaigns',
  async () => (await import('@core/campaigns/campaigns-schema')).CampaignsResponseSchema,
  (answer) => answer.campaigns,
);

/** A published news item's page (GET /api/news/{id}): its body as HTML the server rendered from Markdown and sanitised. */
export function newsItemRead(id: string) {
  return apiQuery(['news-item', id], `/api/news/${encodeURIComponent(id)}`, async () => (await import('@core/news/news-schema')).NewsItemPageSchema);
}

/** The news page's query (its loader's and its component's). */
export const campaignsQueryOptions = () => campaignsRead;

/** The club's recent e-mail campaigns and news items, newest first. */
export function useCampaigns() {
  return useRead(campaignsRead);
}

/** A news item page's query (its loader's and its component's). */
export const newsItemQueryOptions = newsItemRead;

/** A published news item, with its body as sanitised HTML. */
export const useNewsItem = (argument: string) => useRead(newsItemRead(argument));
