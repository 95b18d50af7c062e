import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import { isSitePageSlug, SITE_PAGE_NOT_FOUND } from './site-page';
import { sitePageToFormValues } from './site-page-form';
import type { AdminSitePageAnswer } from './site-page-schema';
import { adminSitePage, currentSitePage, type SitePageReadingDeps } from './site-pages';

/** One page for its edit form: its words now (saved, or the original ones). */
export class GetSitePage extends UseCase<SitePageReadingDeps> {
  async execute(admin: Admin, slug: string): Promise<AdminSitePageAnswer> {
    requirePermission(admin, 'sitePages.write');
    if (!isSitePageSlug(slug)) throw new NotFoundError(SITE_PAGE_NOT_FOUND);
    const page = await currentSitePage(this.deps, slug);
    return { page: adminSitePage(page), form: sitePageToFormValues(page.text, page.saved?.updatedAt ?? null) };
  }
}
