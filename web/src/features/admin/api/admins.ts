import type { Admin, Permission } from '@core/entities/admin';
import { adminRequest } from './admin-client';

export async function listAdmins(): Promise<Admin[]> {
  const { admins } = await adminRequest<{ admins: Admin[] }>('GET', '/admin/admins');
  return admins;
}

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
  permissions: Permission[];
}

export async function createAdmin(input: NewAdmin): Promise<Admin> {
  const { admin } = await adminRequest<{ admin: Admin }>('POST', '/admin/admins', { body: input });
  return admin;
}

export async function updateAdmin(uid: string, changes: { name?: string; permissions?: Permission[]; disabled?: boolean }): Promise<Admin> {
  const { admin } = await adminRequest<{ admin: Admin }>('PATCH', `/admin/admins/${encodeURIComponent(uid)}`, { body: changes });
  return admin;
}
