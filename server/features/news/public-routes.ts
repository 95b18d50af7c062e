import { ListCampaigns } from '../../../core/content/club-content';
import type { AppConfig } from '../../config';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { PAGE_READ } from '../../http/route-parts';
import { CampaignsResponseSchema } from '../../http/api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const NEWS = { tag: 'news', access: 'public' } as const;

export function registerPublicNewsRoutes(routes: ApiRoutes, ports: AppContainer, config: AppConfig): void {
  routes.add({
    // Read in process while the news page is drawn when the campaigns are the club's own (stored):
    // the page then comes with its list. From MailerLite the browser asks, so a slow provider
    // never holds up the page (ADR 29).
    ...(config.adapters.campaigns === 'database' ? PAGE_READ : { method: 'get' as const }),
    path: '/api/campaigns',
    operationId: 'listCampaigns',
    summary: 'Recent e-mail campaigns, newest first',
    ...NEWS,
    responses: { 200: { description: 'Campaigns', schema: CampaignsResponseSchema }, 502: { description: '"Failed to fetch communications: <status text>"' } },
    handler: async () => reply(200, { campaigns: await ports.useCase(ListCampaigns).execute() }),
  });
}
