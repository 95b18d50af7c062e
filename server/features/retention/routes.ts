import { GetRetentionOverview } from '../../../core/privacy/retention-overview';
import { RetentionOverviewSchema, RetentionScheduleListSchema } from '../../../core/privacy/retention-overview-schema';
import { GetRetentionSchedule } from '../../../core/privacy/retention-schedule-list';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { PAGE_READ } from '../../http/route-parts';

/** The retention schedule: members read it on the privacy notice; admins with privacy:manage see what it holds and removes. */
export function registerRetentionRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    ...PAGE_READ,
    path: '/api/privacy/retention',
    operationId: 'getRetentionSchedule',
    summary:
      'The retention schedule in words, one line per kind of personal data: what the privacy notice says the app keeps, for how long, and what happens then',
    tag: 'pages',
    responses: { 200: { description: 'The schedule', schema: RetentionScheduleListSchema } },
    handler: async () => reply(200, await ports.useCase(GetRetentionSchedule).execute()),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/retention',
    operationId: 'adminRetentionOverview',
    summary: 'Per kind of personal data: what is held, how many records, the oldest, its limit, and how many the next nightly run anonymises or deletes',
    tag: 'admin privacy',
    access: { action: 'retention.read' },
    responses: { 200: { description: 'The retention overview', schema: RetentionOverviewSchema } },
    handler: async () => reply(200, await ports.useCase(GetRetentionOverview).execute()),
  });
}
