import { ListCampaigns } from '../../../core/content/club-content';
import { CreateNewsItem } from '../../../core/news/create-news-item';
import { DeleteNewsItem } from '../../../core/news/delete-news-item';
import { GetNewsItem } from '../../../core/news/get-news-item';
import { ListNewsItems } from '../../../core/news/list-news-items';
import { ReadNewsItem } from '../../../core/news/read-news-item';
import { RefreshNewsIndex } from '../../../core/news/refresh-news-index';
import { UpdateNewsItem } from '../../../core/news/update-news-item';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, searchIndexing } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ newsSource: config.adapters.campaigns });

export const newsFeature: Feature = {
  name: 'news',
  useCases: ({ get, config, options }) => {
    const settings = settingsOf(config);
    // The news items' readers and writers each take the same ports (core's NewsReadingDeps and NewsWritingDeps).
    const newsReading = { campaigns: get('campaigns'), clock: get('clock'), newsSource: settings.newsSource };
    const newsWriting = {
      campaigns: get('campaigns'),
      campaignSource: get('campaignSource'),
      newsSource: settings.newsSource,
      ...auditTrail(get),
      ...searchIndexing(get, options),
    };
    return [
      provide(ListCampaigns, () => new ListCampaigns({ campaignSource: get('campaignSource'), clock: get('clock') })),
      provide(ListNewsItems, () => new ListNewsItems(newsReading)),
      provide(GetNewsItem, () => new GetNewsItem(newsReading)),
      provide(CreateNewsItem, () => new CreateNewsItem(newsWriting)),
      provide(UpdateNewsItem, () => new UpdateNewsItem(newsWriting)),
      provide(DeleteNewsItem, () => new DeleteNewsItem(newsWriting)),
      provide(ReadNewsItem, () => new ReadNewsItem(newsReading)),
      provide(RefreshNewsIndex, () => new RefreshNewsIndex({ campaignSource: get('campaignSource'), search: get('search'), newsSource: settings.newsSource })),
    ];
  },
};
