import { GetWaterLevels } from '../../../core/water-levels/get-water-levels';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { PAGE_READ } from '../../http/route-parts';
import { WaterLevelsQuerySchema, WaterLevelsResponseSchema } from '../../http/api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const WATER_LEVELS = { tag: 'water levels', access: 'public' } as const;

export function registerPublicWaterLevelRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    // Read into the home page, whose chart draws them.
    ...PAGE_READ,
    path: '/api/water-levels',
    operationId: 'listWaterLevels',
    summary: 'Daily reservoir readings between two dates (default: the last 365 days)',
    ...WATER_LEVELS,
    query: WaterLevelsQuerySchema,
    responses: { 200: { description: 'Readings, oldest first', schema: WaterLevelsResponseSchema } },
    handler: async ({ query }) => reply(200, { readings: await ports.useCase(GetWaterLevels).execute(query) }),
  });
}
