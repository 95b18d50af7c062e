import { randomBytes } from 'node:crypto';
import { PERMISSIONS } from '../core/entities/admin';
import type { AdminRepository } from '../core/ports/admin-repository';
import type { Clock } from '../core/ports/clock';
import type { IdentityProvider } from '../core/ports/identity-provider';
import type { AppConfig } from './config';

export const INITIAL_ADMIN_NAME = 'Club Administrator';

export function generatePassword(): string {
  // 18 random bytes: 24 URL-safe characters, easy to copy from a console.
  return randomBytes(18).toString('base64url');
}

/**
 * On the first start (no admin records at all) creates one admin with every permission, so a new
 * club can sign in. Returns the credentials to print once, or null when admins already exist.
 */
export async function ensureInitialAdmin(
  deps: { admins: AdminRepository; identity: IdentityProvider; clock: Clock },
  config: Pick<AppConfig, 'initialAdminEmail' | 'initialAdminPassword'>,
): Promise<{ email: string; password: string; generated: boolean } | null> {
  if ((await deps.admins.count()) > 0) return null;
  const password = config.initialAdminPassword ?? generatePassword();
  const user = await deps.identity.createUser({ email: config.initialAdminEmail, password, displayName: INITIAL_ADMIN_NAME });
  await deps.admins.create({
    uid: user.uid,
    email: user.email,
    name: INITIAL_ADMIN_NAME,
    role: 'admin',
    permissions: [...PERMISSIONS],
    disabled: false,
    createdAt: deps.clock.now().toISOString(),
  });
  return { email: user.email, password, generated: config.initialAdminPassword === null };
}
