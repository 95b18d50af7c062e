import type { NewsFormValues } from '@core/news/news-form';
import {
  AdminNewsItemAnswerSchema,
  AdminNewsListSchema,
  NewsItemSavedSchema,
  type AdminNewsItem,
  type AdminNewsItemAnswer,
  type AdminNewsList,
} from '@core/news/news-schema';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';
import type { MutationConfig } from '../../../../admin/shared/api/admin-query';
import { adminRecords } from '../../../../admin/shared/api/admin-records';

const path = (id: string) => `/api/admin/news/${encodeURIComponent(id)}`;

/** Where news come from, and every item written in the app. */
export function listNews(): Promise<AdminNewsList> {
  return apiGet('/api/admin/news', AdminNewsListSchema);
}

export function getNewsItem(id: string): Promise<AdminNewsItemAnswer> {
  return apiGet(path(id), AdminNewsItemAnswerSchema);
}

const news = adminRecords('admin-news', listNews, 'news-item', getNewsItem);
export const { listQueryOptions: newsQueryOptions, recordQueryOptions: newsItemQueryOptions, useList: useNews, useRecord: useNewsItem } = news;

export async function createNewsItem(values: NewsFormValues): Promise<AdminNewsItem> {
  return (await apiPost('/api/admin/news', values, NewsItemSavedSchema)).item;
}

export async function updateNewsItem({ id, values }: { id: string; values: NewsFormValues }): Promise<AdminNewsItem> {
  return (await apiPut(path(id), values, NewsItemSavedSchema)).item;
}

export async function deleteNewsItem(id: string): Promise<void> {
  await apiDelete(path(id));
}

export function useCreateNewsItem() {
  return news.useCreate(createNewsItem);
}

export function useUpdateNewsItem(id: string) {
  return news.useUpdate(id, updateNewsItem);
}

/** Deletes a news item; the list drops it at once. */
export function useDeleteNewsItem(config: MutationConfig<void, AdminNewsItem> = {}) {
  return news.useDelete(deleteNewsItem, (list, gone: AdminNewsItem) => ({ ...list, items: list.items.filter((item) => item.id !== gone.id) }), config);
}
