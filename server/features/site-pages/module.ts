import { GetSitePage } from '../../../core/site-pages/get-site-page';
import { ListSitePages } from '../../../core/site-pages/list-site-pages';
import { PreviewSitePage } from '../../../core/site-pages/preview-site-page';
import { ReadSitePage } from '../../../core/site-pages/read-site-page';
import { SaveSitePage } from '../../../core/site-pages/save-site-page';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, searchIndexing } from '../feature';

/** The settings this feature reads: the club's name, which the Information page's original words say. */
const settingsOf = (config: AppConfig) => ({ clubName: config.clubName });

/** The Beginners and Information pages: members read them, admins with content:write edit them. */
export const sitePagesFeature: Feature = {
  name: 'site pages',
  useCases: ({ get, config, options }) => {
    const reading = { sitePages: get('sitePages'), clubName: settingsOf(config).clubName };
    return [
      provide(ReadSitePage, () => new ReadSitePage(reading)),
      provide(ListSitePages, () => new ListSitePages(reading)),
      provide(GetSitePage, () => new GetSitePage(reading)),
      provide(PreviewSitePage, () => new PreviewSitePage({})),
      provide(SaveSitePage, () => new SaveSitePage({ ...reading, ...auditTrail(get), ...searchIndexing(get, options) })),
    ];
  },
};
