import type { ClubConfig } from '../../core/content/club-config';
import { CONFIG_API_PATH } from '../../core/shared/paths';
import { RequestPasswordReset } from '../../core/admin-accounts/request-password-reset';
import type { AppConfig } from '../config';
import type { AppContainer } from '../container';
import { reply, type ApiRoutes } from './api-routes';
import { PAGE_READ } from './route-parts';
import { webPaymentsSettings } from '../features/payments/routes';
import { HealthSchema, PublicConfigSchema } from './api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const META = { tag: 'meta', access: 'public' } as const;

/** GET /api/config's answer: what the web app needs to know about the club and this server. */
export function publicConfig(ports: AppContainer, config: AppConfig): ClubConfig {
  return {
    clubName: config.clubName,
    publicSiteUrl: config.publicSiteUrl,
    feedbackEmail: config.feedbackEmail,
    photosEmail: config.photosEmail,
    waterLevelUrl: config.waterLevelUrl,
    waterSafetyUrl: config.waterSafetyUrl,
    searchProvider: ports.get('search').providerName,
    paymentsMode: ports.get('payments').name,
    maxAttendeesPerBooking: config.maxAttendeesPerBooking,
    passwordReset: ports.useCase(RequestPasswordReset).available(),
    square: webPaymentsSettings(ports.get('payments')),
  };
}

export function registerMetaRoutes(routes: ApiRoutes, ports: AppContainer, config: AppConfig): void {
  const paymentsName = () => ports.get('payments').name;

  routes.add({
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Liveness and the adapters in use',
    ...META,
    responses: { 200: { description: 'Running', schema: HealthSchema } },
    handler: async () => {
      return reply(200, {
        status: 'ok' as const,
        adapters: {
          storage: config.adapters.storage,
          search: config.adapters.search,
          payments: paymentsName(),
          identity: ports.get('identity').name,
          campaigns: config.adapters.campaigns,
        },
      });
    },
  });

  routes.add({
    ...PAGE_READ,
    path: CONFIG_API_PATH,
    operationId: 'getConfig',
    summary: 'What the web app needs to know about the club and this server',
    ...META,
    responses: { 200: { description: 'Public settings', schema: PublicConfigSchema } },
    handler: async () => reply(200, publicConfig(ports, config)),
  });
}
