import type { Admin } from '../admins/admin';
import { NEWS_NOT_FOUND } from './news-items';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { CampaignRepository } from './campaign-repository.port';
import { recordNewsChange, refuseUnlessWrittenHere, type NewsWritingDeps } from './news-trail';
import { UseCase } from '../shared/use-case';

export interface DeleteNewsItemDeps extends NewsWritingDeps {
  campaigns: CampaignRepository;
}

/** Deletes a news item for good (to take it down for a while, make it a draft instead). */
export class DeleteNewsItem extends UseCase<DeleteNewsItemDeps> {
  async execute(admin: Admin, id: string): Promise<void> {
    requirePermission(admin, 'news.write');
    refuseUnlessWrittenHere(this.deps);
    const before = await this.deps.campaigns.getNewsItem(id);
    if (!before || !(await this.deps.campaigns.deleteNewsItem(id))) throw new NotFoundError(NEWS_NOT_FOUND);
    await recordNewsChange(this.deps, admin, { action: 'news.deleted', before, after: null, summary: `Deleted the news item ${before.subject}` });
  }
}
