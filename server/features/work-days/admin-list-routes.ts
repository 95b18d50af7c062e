import { ListWorkDaySignups } from '../../../core/work-days/list-work-day-signups';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { AdminWorkDaysSchema } from '../../http/api-schemas';

/** The admin's work days list (workDays:read). */

export function registerAdminWorkDayListRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/work-days',
    operationId: 'adminListWorkDays',
    summary: 'Every work day with its sign-ups',
    tag: 'admin work days',
    access: { action: 'workDays.read' },
    responses: { 200: { description: 'Work days', schema: AdminWorkDaysSchema } },
    handler: async ({ admin }) => reply(200, { workDays: await ports.useCase(ListWorkDaySignups).execute(admin) }),
  });
}
