import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { UseCase } from '../shared/use-case';
import type { AdminSitePageList } from './site-page-schema';
import { adminSitePage, currentSitePages, type SitePageReadingDeps } from './site-pages';

/** The admin screen's list of the pages admins edit, each with when it was last saved. */
export class ListSitePages extends UseCase<SitePageReadingDeps> {
  async execute(admin: Admin): Promise<AdminSitePageList> {
    requirePermission(admin, 'sitePages.write');
    return { pages: (await currentSitePages(this.deps)).map(adminSitePage) };
  }
}
