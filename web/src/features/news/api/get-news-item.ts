import { NewsItemPageSchema, type NewsItemPage } from '@core/use-cases/news-schema';
import { apiGet } from '../../../lib/api';

/** A published news item's page: its body as HTML the server rendered from Markdown and sanitised. */
export function getNewsItem(id: string, signal?: AbortSignal): Promise<NewsItemPage> {
  return apiGet(`/api/news/${encodeURIComponent(id)}`, NewsItemPageSchema, { signal });
}
