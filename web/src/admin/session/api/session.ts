import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SessionAdmin } from '@core/admins/admin';
import { SessionResponseSchema } from '@core/contract/admin-api-schema';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import type { MutationConfig } from '../../shared/api/admin-query';

export type { SessionAdmin };

// A 401 here is "not signed in" or "wrong password", not an expired session.
const asSignIn = { ignoreUnauthenticated: true };

export async function fetchSession(): Promise<SessionAdmin> {
  return (await apiGet('/api/admin/session', SessionResponseSchema, asSignIn)).admin;
}

/** Who is signed in, asked of the server each time (the session holder reads it on start and on a page restored from the back-forward cache). */
export const sessionQueryOptions = () => queryOptions({ queryKey: ['admin', 'session'], queryFn: fetchSession, staleTime: 0, gcTime: 0 });

export async function signIn({ email, password }: { email: string; password: string }): Promise<SessionAdmin> {
  return (await apiPost('/api/admin/session', { email, password }, SessionResponseSchema, asSignIn)).admin;
}

export async function signOut(): Promise<void> {
  await apiDelete('/api/admin/session', undefined, asSignIn);
}

/** Signs in; the session holder is told by the screen, which also decides where to go next. */
export function useSignIn(config: MutationConfig<SessionAdmin, { email: string; password: string }> = {}) {
  return useMutation({ ...config, mutationFn: signIn });
}

/** Signs out (the session holder forgets the admin however it went). */
export function useSignOut(config: MutationConfig<void, void> = {}) {
  return useMutation({ ...config, mutationFn: signOut });
}
