import { z } from 'zod';
import { SessionAdminSchema, type SessionAdmin } from '@core/entities/admin';
import { apiDelete, apiGet, apiPost } from '../../../../lib/api';

export type { SessionAdmin };

const SessionAnswer = z.object({ admin: SessionAdminSchema });
// A 401 here is "not signed in" or "wrong password", not an expired session.
const asSignIn = { ignoreUnauthenticated: true };

export async function fetchSession(): Promise<SessionAdmin> {
  return (await apiGet('/api/admin/session', SessionAnswer, asSignIn)).admin;
}

export async function signIn(email: string, password: string): Promise<SessionAdmin> {
  return (await apiPost('/api/admin/session', { email, password }, SessionAnswer, asSignIn)).admin;
}

export async function signOut(): Promise<void> {
  await apiDelete('/api/admin/session', undefined, asSignIn);
}
