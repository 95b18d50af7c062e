import { useQuery } from '@tanstack/react-query';
import { DashboardSchema, type Dashboard } from '@core/operations/dashboard';
import { apiGet } from '../../../lib/api';
import { adminQueryOptions } from '../../shared/api/admin-query';

export type { Dashboard };
export type DashboardStatistic = NonNullable<Dashboard['statistics']>[number];

/** `statistics` is null when the admin lacks bookings:read: the server does not send what they may not see. */
export function fetchDashboard(): Promise<Dashboard> {
  return apiGet('/api/admin/dashboard', DashboardSchema);
}

export const dashboardQueryOptions = () => adminQueryOptions(['dashboard'], fetchDashboard);

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
