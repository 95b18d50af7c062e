import { useQueryClient } from '@tanstack/react-query';
import type { Admin, Permission } from '@core/admins/admin';
import { AdminResponseSchema } from '@core/contract/admin-api-schema';
import { apiPatch, apiPost } from '../../../../lib/api';
import { type MutationConfig, useAdminMutation } from '../../../../admin/shared/api/admin-query';
import { adminsQueryOptions } from '../exports/admins-query';

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
  permissions: Permission[];
}

export async function createAdmin(input: NewAdmin): Promise<Admin> {
  return (await apiPost('/api/admin/admins', input, AdminResponseSchema)).admin;
}

export type AdminChanges = { name?: string; permissions?: Permission[]; disabled?: boolean };

export async function updateAdmin({ uid, changes }: { uid: string; changes: AdminChanges }): Promise<Admin> {
  return (await apiPatch(`/api/admin/admins/${encodeURIComponent(uid)}`, changes, AdminResponseSchema)).admin;
}

/** Adds an admin; the list shows them at once. */
export function useCreateAdmin(config: MutationConfig<Admin, NewAdmin> = {}) {
  const client = useQueryClient();
  const cache = {
    onSuccess: (created: Admin) =>
      client.setQueryData(adminsQueryOptions().queryKey, (admins) => admins && [...admins, created].sort((a, b) => a.email.localeCompare(b.email))),
  };
  return useAdminMutation(createAdmin, cache, config);
}

/** Changes an admin (name, permissions, disabled); the list shows the change at once. */
export function useUpdateAdmin(config: MutationConfig<Admin, { uid: string; changes: AdminChanges }> = {}) {
  const client = useQueryClient();
  const cache = {
    onSuccess: (updated: Admin) => client.setQueryData(adminsQueryOptions().queryKey, (admins) => admins?.map((a) => (a.uid === updated.uid ? updated : a))),
  };
  return useAdminMutation(updateAdmin, cache, config);
}
