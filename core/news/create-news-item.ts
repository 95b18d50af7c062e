import type { Admin } from '../admins/admin';
import type { NewsItem } from './news-item';
import { NewsFormValuesSchema, validateNewsForm } from './news-form';
import { requirePermission } from '../admins/permissions';
import type { CampaignRepository } from './campaign-repository.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { AdminNewsItem } from './news-schema';
import { recordNewsChange, refuseUnlessWrittenHere, withLabel, type NewsWritingDeps } from './news-trail';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';

export interface CreateNewsItemDeps extends NewsWritingDeps {
  campaigns: CampaignRepository;
  clock: Clock;
  ids: IdGenerator;
}

/** Writes a news item (a draft, or published from its publish time on), audits it and indexes the news. */
export class CreateNewsItem extends UseCase<CreateNewsItemDeps> {
  async execute(admin: Admin, form: unknown): Promise<AdminNewsItem> {
    requirePermission(admin, 'news.write');
    refuseUnlessWrittenHere(this.deps);
    const valid = acceptedForm(validateNewsForm(parseInput(NewsFormValuesSchema, form)));
    const now = this.deps.clock.now();
    const item: NewsItem = { id: `news-${this.deps.ids.next()}`, ...valid, createdAt: now.toISOString(), updatedAt: now.toISOString() };
    await this.deps.campaigns.saveNewsItem(item);
    await recordNewsChange(this.deps, admin, { action: 'news.created', before: null, after: item, summary: `Wrote the news item ${item.subject}` });
    return withLabel(item, now);
  }
}
