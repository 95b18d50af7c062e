import { SearchSite } from '../../../core/search/search';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { SearchQuerySchema, SearchResponseSchema } from '../../http/api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const SEARCH = { tag: 'search', access: 'public' } as const;

export function registerSearchRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/search',
    operationId: 'search',
    summary: 'Search events, documents, news and pages; ranked by the club rules',
    ...SEARCH,
    query: SearchQuerySchema,
    responses: { 200: { description: 'Hits (empty for a blank query)', schema: SearchResponseSchema } },
    handler: async ({ query }) => reply(200, await ports.useCase(SearchSite).execute(query.q ?? '')),
  });
}
