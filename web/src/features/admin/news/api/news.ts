import type { NewsFormValues } from '@core/domain/news-form';
import { AdminNewsItemAnswerSchema, AdminNewsListSchema, NewsItemSavedSchema, type AdminNewsItem, type AdminNewsItemAnswer, type AdminNewsList } from '@core/use-cases/news-schema';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';

const path = (id: string) => `/api/admin/news/${encodeURIComponent(id)}`;

/** Where news come from, and every item written in the app. */
export function listNews(): Promise<AdminNewsList> {
  return apiGet('/api/admin/news', AdminNewsListSchema);
}

export function getNewsItem(id: string): Promise<AdminNewsItemAnswer> {
  return apiGet(path(id), AdminNewsItemAnswerSchema);
}

export async function createNewsItem(values: NewsFormValues): Promise<AdminNewsItem> {
  return (await apiPost('/api/admin/news', values, NewsItemSavedSchema)).item;
}

export async function updateNewsItem(id: string, values: NewsFormValues): Promise<AdminNewsItem> {
  return (await apiPut(path(id), values, NewsItemSavedSchema)).item;
}

export async function deleteNewsItem(id: string): Promise<void> {
  await apiDelete(path(id));
}
