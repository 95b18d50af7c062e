import { renderNewsBody } from './news-body';
import { isNewsVisible, NEWS_NOT_FOUND } from './news-items';
import { NotFoundError } from '../shared/errors';
import type { NewsItemPage, NewsReadingDeps } from './news-schema';

export type ReadNewsItemDeps = NewsReadingDeps;

/**
 * A news item's page for members: only a published item whose time has come, and only while news
 * are written in the app (with MailerLite, its own preview pages are the news). The body is
 * rendered from Markdown to sanitised HTML here, on every read, from the Markdown as stored.
 */
export class ReadNewsItem {
  constructor(private readonly deps: ReadNewsItemDeps) {}

  async execute(id: string): Promise<NewsItemPage> {
    const item = this.deps.newsSource === 'database' && typeof id === 'string' && id !== '' ? await this.deps.campaigns.getNewsItem(id) : null;
    if (!item || !isNewsVisible(item, this.deps.clock.now())) throw new NotFoundError(NEWS_NOT_FOUND);
    return { id: item.id, subject: item.subject, publishAt: item.publishAt, html: renderNewsBody(item.body) };
  }
}
