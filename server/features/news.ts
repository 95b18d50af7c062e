import { ListCampaigns } from '../../core/use-cases/club-content';
import { CreateNewsItem } from '../../core/use-cases/create-news-item';
import { DeleteNewsItem } from '../../core/use-cases/delete-news-item';
import { GetNewsItem } from '../../core/use-cases/get-news-item';
import { ListNewsItems } from '../../core/use-cases/list-news-items';
import { ReadNewsItem } from '../../core/use-cases/read-news-item';
import { RefreshNewsIndex } from '../../core/use-cases/refresh-news-index';
import { UpdateNewsItem } from '../../core/use-cases/update-news-item';
import type { AppConfig } from '../config';
import { provide, type Feature } from './feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  newsSource: config.adapters.campaigns,
});

export const newsFeature: Feature = {
  name: 'news',
  useCases: ({ get, config, options }) => {
    const settings = settingsOf(config);
    return [
      provide(ListCampaigns, () => new ListCampaigns({ campaignSource: get('campaignSource'), clock: get('clock') })),
      provide(
        ListNewsItems,
        () =>
          new ListNewsItems({
            campaigns: get('campaigns'),
            clock: get('clock'),
            newsSource: settings.newsSource,
          }),
      ),
      provide(
        GetNewsItem,
        () =>
          new GetNewsItem({
            campaigns: get('campaigns'),
            clock: get('clock'),
            newsSource: settings.newsSource,
          }),
      ),
      provide(
        CreateNewsItem,
        () =>
          new CreateNewsItem({
            campaigns: get('campaigns'),
            clock: get('clock'),
            ids: get('ids'),
            campaignSource: get('campaignSource'),
            search: get('search'),
            newsSource: settings.newsSource,
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
          }),
      ),
      provide(
        UpdateNewsItem,
        () =>
          new UpdateNewsItem({
            campaigns: get('campaigns'),
            clock: get('clock'),
            campaignSource: get('campaignSource'),
            search: get('search'),
            newsSource: settings.newsSource,
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            ids: get('ids'),
          }),
      ),
      provide(
        DeleteNewsItem,
        () =>
          new DeleteNewsItem({
            campaigns: get('campaigns'),
            campaignSource: get('campaignSource'),
            search: get('search'),
            newsSource: settings.newsSource,
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
      provide(
        ReadNewsItem,
        () =>
          new ReadNewsItem({
            campaigns: get('campaigns'),
            clock: get('clock'),
            newsSource: settings.newsSource,
          }),
      ),
      provide(
        RefreshNewsIndex,
        () =>
          new RefreshNewsIndex({
            campaignSource: get('campaignSource'),
            search: get('search'),
            newsSource: settings.newsSource,
          }),
      ),
    ];
  },
};
