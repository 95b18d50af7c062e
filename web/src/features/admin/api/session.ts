import type { Admin } from '@core/entities/admin';
import { adminRequest } from './admin-client';

/** The signed-in admin as the server describes it (no secrets, no timestamps needed here). */
export type SessionAdmin = Pick<Admin, 'uid' | 'email' | 'name' | 'role' | 'permissions'>;

export async function fetchSession(): Promise<SessionAdmin> {
  const { admin } = await adminRequest<{ admin: SessionAdmin }>('GET', '/admin/session', { ignoreUnauthenticated: true });
  return admin;
}

export async function signIn(email: string, password: string): Promise<SessionAdmin> {
  const { admin } = await adminRequest<{ admin: SessionAdmin }>('POST', '/admin/session', {
    body: { email, password },
    ignoreUnauthenticated: true,
  });
  return admin;
}

export async function signOut(): Promise<void> {
  await adminRequest<void>('DELETE', '/admin/session', { ignoreUnauthenticated: true });
}
