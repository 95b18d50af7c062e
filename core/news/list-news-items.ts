import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { AdminNewsList, NewsReadingDeps } from './news-schema';
import { withLabel } from './news-trail';

export type ListNewsItemsDeps = NewsReadingDeps;

/** The admin news screen: every item written in the app, or, with MailerLite as the source, none (it says so). */
export class ListNewsItems {
  constructor(private readonly deps: ListNewsItemsDeps) {}

  async execute(admin: Admin): Promise<AdminNewsList> {
    requirePermission(admin, 'news.list');
    const source = this.deps.newsSource;
    if (source !== 'database') return { source, items: [] };
    const now = this.deps.clock.now();
    return { source, items: (await this.deps.campaigns.listNewsItems()).map((item) => withLabel(item, now)) };
  }
}
