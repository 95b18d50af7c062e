import type { Admin } from '../admins/admin';
import { newsItemToFormValues } from './news-form';
import { NEWS_NOT_FOUND } from './news-items';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { AdminNewsItemAnswer, NewsReadingDeps } from './news-schema';
import { refuseUnlessWrittenHere, withLabel } from './news-trail';

export type GetNewsItemDeps = NewsReadingDeps;

/** One news item for the admin, with the values its edit form opens with. */
export class GetNewsItem {
  constructor(private readonly deps: GetNewsItemDeps) {}

  async execute(admin: Admin, id: string): Promise<AdminNewsItemAnswer> {
    requirePermission(admin, 'news.list');
    refuseUnlessWrittenHere(this.deps);
    const item = await this.deps.campaigns.getNewsItem(id);
    if (!item) throw new NotFoundError(NEWS_NOT_FOUND);
    return { item: withLabel(item, this.deps.clock.now()), form: newsItemToFormValues(item) };
  }
}
