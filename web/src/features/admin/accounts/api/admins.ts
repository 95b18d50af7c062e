import { z } from 'zod';
import { AdminSchema, type Admin, type Permission } from '@core/entities/admin';
import { apiGet, apiPatch, apiPost } from '../../../../lib/api';

const AdminsAnswer = z.object({ admins: z.array(AdminSchema) });
const AdminAnswer = z.object({ admin: AdminSchema });

export async function listAdmins(): Promise<Admin[]> {
  return (await apiGet('/api/admin/admins', AdminsAnswer)).admins;
}

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
  permissions: Permission[];
}

export async function createAdmin(input: NewAdmin): Promise<Admin> {
  return (await apiPost('/api/admin/admins', input, AdminAnswer)).admin;
}

export async function updateAdmin(uid: string, changes: { name?: string; permissions?: Permission[]; disabled?: boolean }): Promise<Admin> {
  return (await apiPatch(`/api/admin/admins/${encodeURIComponent(uid)}`, changes, AdminAnswer)).admin;
}
