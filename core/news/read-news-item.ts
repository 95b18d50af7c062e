import { renderNewsBody } from './news-body';
import { isNewsVisible, NEWS_NOT_FOUND, visibleCampaigns } from './news-items';
import { hasOwnPage } from './imported-campaign';
import { NotFoundError } from '../shared/errors';
import type { NewsItemPage, NewsReadingDeps } from './news-schema';
import { UseCase } from '../shared/use-case';

export type ReadNewsItemDeps = NewsReadingDeps;

/**
 * A news item's page for members: a published item whose time has come, or an imported campaign
 * whose e-mail text is stored (and whose time has come), and only while news come from the
 * database (with MailerLite, its own preview pages are the news). The text is rendered from
 * Markdown to sanitised HTML here, on every read, from the Markdown as stored.
 */
export class ReadNewsItem extends UseCase<ReadNewsItemDeps> {
  async execute(id: string): Promise<NewsItemPage> {
    if (this.deps.newsSource !== 'database' || typeof id !== 'string' || id === '') throw new NotFoundError(NEWS_NOT_FOUND);
    const now = this.deps.clock.now();
    const item = await this.deps.campaigns.getNewsItem(id);
    if (item) {
      if (!isNewsVisible(item, now)) throw new NotFoundError(NEWS_NOT_FOUND);
      return { id: item.id, subject: item.subject, publishAt: item.publishAt, html: await renderNewsBody(item.body) };
    }
    const campaign = await this.deps.campaigns.getImportedCampaign(id);
    if (!campaign || !hasOwnPage(campaign) || visibleCampaigns([campaign], now).length === 0) throw new NotFoundError(NEWS_NOT_FOUND);
    return { id: campaign.id, subject: campaign.subject, publishAt: campaign.finished_at, html: await renderNewsBody(campaign.content) };
  }
}
