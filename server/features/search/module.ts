import { RebuildSearchIndex } from '../../../core/operations/rebuild-search-index';
import { SearchSite } from '../../../core/search/search';
import { provide, type Feature } from '../feature';

export const searchFeature: Feature = {
  name: 'search',
  useCases: ({ get, config, options }) => {
    return [
      provide(SearchSite, () => new SearchSite({ search: get('search'), clock: get('clock'), reportSearchError: options.reportSearchError })),
      provide(
        RebuildSearchIndex,
        () =>
          new RebuildSearchIndex({
            events: get('events'),
            workDays: get('workDays'),
            documents: get('documents'),
            campaignSource: get('campaignSource'),
            search: get('search'),
            sitePages: get('sitePages'),
            clubName: config.clubName,
          }),
      ),
    ];
  },
};
