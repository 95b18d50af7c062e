import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsFormValues } from '@core/news/news-form';
import { AdminNewsItemAnswerSchema, AdminNewsListSchema, NewsItemSavedSchema, type AdminNewsItem, type AdminNewsItemAnswer, type AdminNewsList } from '@core/news/news-schema';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig, useAdminMutation, useMarkStale } from '../../../../admin/shared/api/admin-query';

const path = (id: string) => `/api/admin/news/${encodeURIComponent(id)}`;

/** Where news come from, and every item written in the app. */
export function listNews(): Promise<AdminNewsList> {
  return apiGet('/api/admin/news', AdminNewsListSchema);
}

export const newsQueryOptions = () => adminQueryOptions(['admin-news'], listNews);

export function useNews() {
  return useQuery(newsQueryOptions());
}

export function getNewsItem(id: string): Promise<AdminNewsItemAnswer> {
  return apiGet(path(id), AdminNewsItemAnswerSchema);
}

export const newsItemQueryOptions = (id: string) => adminQueryOptions(['news-item', id], () => getNewsItem(id));

export function useNewsItem(id: string) {
  return useQuery(newsItemQueryOptions(id));
}

export async function createNewsItem(values: NewsFormValues): Promise<AdminNewsItem> {
  return (await apiPost('/api/admin/news', values, NewsItemSavedSchema)).item;
}

export async function updateNewsItem({ id, values }: { id: string; values: NewsFormValues }): Promise<AdminNewsItem> {
  return (await apiPut(path(id), values, NewsItemSavedSchema)).item;
}

export async function deleteNewsItem(id: string): Promise<void> {
  await apiDelete(path(id));
}

/** The list and the item are marked stale after a save (the list screen, opened next, asks again). */
function useInvalidateNews() {
  const markStale = useMarkStale();
  return (id?: string) => markStale(newsQueryOptions().queryKey, ...(id === undefined ? [] : [newsItemQueryOptions(id).queryKey]));
}

export function useCreateNewsItem() {
  const invalidate = useInvalidateNews();
  return useMutation({ mutationFn: createNewsItem, onSuccess: () => invalidate() });
}

export function useUpdateNewsItem(id: string) {
  const invalidate = useInvalidateNews();
  return useMutation({ mutationFn: (values: NewsFormValues) => updateNewsItem({ id, values }), onSuccess: () => invalidate(id) });
}

/** Deletes a news item; the list drops it at once. */
export function useDeleteNewsItem(config: MutationConfig<void, AdminNewsItem> = {}) {
  const client = useQueryClient();
  const cache = {
    onSuccess: (_: void, gone: AdminNewsItem) => {
      client.setQueryData(newsQueryOptions().queryKey, (list) => list && { ...list, items: list.items.filter((item) => item.id !== gone.id) });
      client.removeQueries({ queryKey: newsItemQueryOptions(gone.id).queryKey, exact: true });
    },
  };
  return useAdminMutation((item: AdminNewsItem) => deleteNewsItem(item.id), cache, config);
}
