import type { Admin } from '../admins/admin';
import { newsItemToFormValues } from './news-form';
import { NEWS_NOT_FOUND } from './news-items';
import { requirePermission } from '../admins/permissions';
import type { AdminNewsItemAnswer, NewsReadingDeps } from './news-schema';
import { refuseUnlessWrittenHere, withLabel } from './news-trail';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';

export type GetNewsItemDeps = NewsReadingDeps;

/** One news item for the admin, with the values its edit form opens with. */
export class GetNewsItem extends UseCase<GetNewsItemDeps> {
  async execute(admin: Admin, id: string): Promise<AdminNewsItemAnswer> {
    requirePermission(admin, 'news.list');
    refuseUnlessWrittenHere(this.deps);
    const item = await requireFound(this.deps.campaigns.getNewsItem(id), NEWS_NOT_FOUND);
    return { item: withLabel(item, this.deps.clock.now()), form: newsItemToFormValues(item) };
  }
}
