import { useQuery } from '@tanstack/react-query';
import { RetentionOverviewSchema } from '@core/privacy/retention-overview-schema';
import { apiGet } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';

/** The Data retention page's read (GET /api/admin/retention). */
export const retentionQueryOptions = () => adminQueryOptions(['retention'], () => apiGet('/api/admin/retention', RetentionOverviewSchema));

export const useRetentionOverview = () => useQuery(retentionQueryOptions());
