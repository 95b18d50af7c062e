import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SessionAdmin } from '@core/admins/admin';
import { SessionResponseSchema } from '@core/contract/admin-api-schema';
import { ApiError, apiDelete, apiGet, apiPost } from '../../../lib/api';
import type { MutationConfig } from '../../shared/api/admin-query';
import { forgetAdmin, rememberAdmin, rememberedAdmin } from './remembered-admin';

export type { SessionAdmin };

// A 401 here is "not signed in" or "wrong password", not an expired session.
const asSignIn = { ignoreUnauthenticated: true };

export async function fetchSession(): Promise<SessionAdmin> {
  return (await apiGet('/api/admin/session', SessionResponseSchema, asSignIn)).admin;
}

/**
 * The panel's session as the server judges it: the admin, or null when nobody is signed in.
 * With no signal (status 0) the admin last signed in on this device opens what the device kept
 * (docs/offline.md); the server judges every request once it is reached again. Anything else but
 * a clear answer counts as signed out: showing the panel on a guess would be worse than asking
 * the admin to sign in again.
 */
export async function currentSession(): Promise<SessionAdmin | null> {
  try {
    const admin = await fetchSession();
    rememberAdmin(admin);
    return admin;
  } catch (error: unknown) {
    const offline = error instanceof ApiError && error.status === 0 ? rememberedAdmin() : null;
    if (offline) return offline;
    if (error instanceof ApiError && error.status === 401) forgetAdmin();
    else console.warn('Session check failed', error);
    return null;
  }
}

/**
 * Who is signed in: asked of the server when the panel opens and when a page comes back from the
 * back-forward cache, then set by signing in and out and by any 401 (the session holder). Its key
 * sits outside ['admin', …], which sign-out clears. It always runs (`networkMode: 'always'`):
 * currentSession answers for a device with no signal itself, and a check paused until the
 * browser says it is online again would leave the panel on "Checking your session…".
 */
export const SESSION_QUERY_KEY = ['admin-session'] as const;
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: currentSession, staleTime: Infinity, gcTime: Infinity, retry: false, networkMode: 'always' });

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
