import { useMutation, useQuery } from '@tanstack/react-query';
import type { SitePageFormValues } from '@core/site-pages/site-page-form';
import {
  AdminSitePageAnswerSchema,
  AdminSitePageListSchema,
  SitePagePreviewSchema,
  SitePageSavedSchema,
  type AdminSitePage,
  type AdminSitePageAnswer,
  type AdminSitePageList,
  type SitePagePreview,
} from '@core/site-pages/site-page-schema';
import { apiGet, apiPost, apiPut } from '../../../../lib/api';
import { adminQueryOptions, useMarkStale } from '../../../../admin/shared/api/admin-query';
import { adminRecords } from '../../../../admin/shared/api/admin-records';

const path = (slug: string) => `/api/admin/pages/${encodeURIComponent(slug)}`;

/** The pages admins edit, each with when it was last saved. */
export function listSitePages(): Promise<AdminSitePageList> {
  return apiGet('/api/admin/pages', AdminSitePageListSchema);
}

export function getSitePage(slug: string): Promise<AdminSitePageAnswer> {
  return apiGet(path(slug), AdminSitePageAnswerSchema);
}

export const {
  listQueryOptions: sitePagesQueryOptions,
  recordQueryOptions: sitePageQueryOptions,
  useList: useSitePages,
  useRecord: useSitePage,
} = adminRecords('site-pages', listSitePages, 'site-page', getSitePage);

export async function saveSitePage({ slug, values }: { slug: string; values: SitePageFormValues }): Promise<AdminSitePage> {
  return (await apiPut(path(slug), values, SitePageSavedSchema)).page;
}

/** Saves a page; the list, the page's form and the members' page are asked again when next shown. */
export function useSaveSitePage(slug: string) {
  const markStale = useMarkStale();
  return useMutation({
    mutationFn: (values: SitePageFormValues) => saveSitePage({ slug, values }),
    onSuccess: () => markStale(sitePagesQueryOptions().queryKey, sitePageQueryOptions(slug).queryKey, ['site-page', slug]),
  });
}

export function previewSitePage(body: string): Promise<SitePagePreview> {
  return apiPost('/api/admin/pages/preview', { body }, SitePagePreviewSchema);
}

/**
 * The preview of a body as members would see it, rendered by the server (the members' renderer):
 * a read of the body the admin asked to see (null: none asked for yet), kept per body text.
 */
export function useSitePagePreview(body: string | null) {
  return useQuery({
    ...adminQueryOptions(['site-page-preview', body], () => previewSitePage(body ?? '')),
    enabled: body !== null,
    staleTime: Infinity,
    retry: false,
  });
}
