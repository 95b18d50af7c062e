import type { Admin } from '../admins/admin';
import type { NewsItem } from './news-item';
import { NewsFormValuesSchema, validateNewsForm } from './news-form';
import { NEWS_NOT_FOUND } from './news-items';
import { requirePermission } from '../admins/permissions';
import type { CampaignRepository } from './campaign-repository.port';
import type { Clock } from '../shared/clock.port';
import type { AdminNewsItem } from './news-schema';
import { recordNewsChange, refuseUnlessWrittenHere, withLabel, type NewsWritingDeps } from './news-trail';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';

export interface UpdateNewsItemDeps extends NewsWritingDeps {
  campaigns: CampaignRepository;
  clock: Clock;
}

/** Edits a news item: its words, its publish time, or its status (Draft unpublishes it). */
export class UpdateNewsItem extends UseCase<UpdateNewsItemDeps> {
  async execute(admin: Admin, id: string, form: unknown): Promise<AdminNewsItem> {
    requirePermission(admin, 'news.write');
    refuseUnlessWrittenHere(this.deps);
    const values = parseInput(NewsFormValuesSchema, form);
    const before = await requireFound(this.deps.campaigns.getNewsItem(id), NEWS_NOT_FOUND);
    const valid = acceptedForm(validateNewsForm(values));
    const now = this.deps.clock.now();
    const item: NewsItem = { ...before, ...valid, updatedAt: now.toISOString() };
    await this.deps.campaigns.saveNewsItem(item);
    const summary =
      before.status !== item.status
        ? `${item.status === 'published' ? 'Published' : 'Unpublished'} the news item ${item.subject}`
        : `Edited the news item ${item.subject}`;
    await recordNewsChange(this.deps, admin, { action: 'news.updated', before, after: item, summary });
    return withLabel(item, now);
  }
}
