import { useQuery } from '@tanstack/react-query';
import type { Admin } from '@core/admins/admin';
import { AdminsResponseSchema } from '@core/contract/admin-api-schema';
import { apiGet } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';

/** The club's admins: the admins screen's list, and the audit screen's names for who did what. */
export async function listAdmins(): Promise<Admin[]> {
  return (await apiGet('/api/admin/admins', AdminsResponseSchema)).admins;
}

export const adminsQueryOptions = () => adminQueryOptions(['admins'], listAdmins);

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}
