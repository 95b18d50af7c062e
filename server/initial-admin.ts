import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PERMISSIONS } from '../core/admins/admin';
import { ConflictError } from '../core/shared/errors';
import type { AdminRepository } from '../core/admins/admin-repository.port';
import type { Clock } from '../core/shared/clock.port';
import type { IdentityProvider, IdentityUser } from '../core/admins/identity-provider.port';
import type { AppConfig } from './config';

export const INITIAL_ADMIN_NAME = 'Club Administrator';

export function generatePassword(): string {
  // 18 random bytes: 24 URL-safe characters, easy to copy from a console.
  return randomBytes(18).toString('base64url');
}

/** A provider whose users can also be made outside the app (the Firebase console), and found again. */
type LinkableIdentityProvider = IdentityProvider & { findUserByEmail(email: string): Promise<IdentityUser | null> };

function isLinkable(identity: IdentityProvider): identity is LinkableIdentityProvider {
  return typeof (identity as Partial<LinkableIdentityProvider>).findUserByEmail === 'function';
}

/**
 * Creates the sign-in account, or, when the provider already has one with this e-mail (a user
 * made in the Firebase console, say), links that one: `linked` is then true and the password
 * given was not used, since the account keeps its own. Providers that cannot look users up (local
 * accounts live only in the app) refuse a taken e-mail with the ConflictError as before.
 */
export async function createOrLinkUser(
  identity: IdentityProvider,
  input: { email: string; password: string; displayName: string },
): Promise<{ user: IdentityUser; linked: boolean }> {
  try {
    return { user: await identity.createUser(input), linked: false };
  } catch (error) {
    if (!(error instanceof ConflictError) || !isLinkable(identity)) throw error;
    const existing = await identity.findUserByEmail(input.email);
    if (!existing) throw error;
    return { user: existing, linked: true };
  }
}

/**
 * On the first start (no admin records at all) creates one admin with every permission, so a new
 * club can sign in. Returns the credentials to print once, or null when admins already exist.
 * `password` is null when an existing identity-provider account was linked: it keeps its own.
 */
export async function ensureInitialAdmin(
  deps: { admins: AdminRepository; identity: IdentityProvider; clock: Clock },
  config: Pick<AppConfig, 'initialAdminEmail' | 'initialAdminPassword'>,
): Promise<{ email: string; password: string | null; generated: boolean } | null> {
  if ((await deps.admins.count()) > 0) return null;
  const password = config.initialAdminPassword ?? generatePassword();
  const { user, linked } = await createOrLinkUser(deps.identity, { email: config.initialAdminEmail, password, displayName: INITIAL_ADMIN_NAME });
  await deps.admins.create({
    uid: user.uid,
    email: user.email,
    name: INITIAL_ADMIN_NAME,
    role: 'admin',
    permissions: [...PERMISSIONS],
    disabled: false,
    createdAt: deps.clock.now().toISOString(),
  });
  if (linked) return { email: user.email, password: null, generated: false };
  return { email: user.email, password, generated: config.initialAdminPassword === null };
}

/** What the console says about the first admin's password (never one it did not choose). */
export function initialAdminPasswordText(initial: { password: string | null; generated: boolean }): string {
  if (initial.password === null) return '(the existing account at the sign-in service was linked; it keeps its password)';
  return initial.generated ? initial.password : '(the INITIAL_ADMIN_PASSWORD you set)';
}

export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password.txt';

/**
 * Production: log streams are shipped and kept, so a generated password goes to a file in
 * DATA_DIR that only the server's user may read (0600), written once ('wx' refuses to replace
 * one), and the log gets its path. Returns the file's absolute path.
 */
export function writeInitialAdminPasswordFile(dataDir: string, initial: { email: string; password: string }): string {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(join(dataDir, INITIAL_ADMIN_PASSWORD_FILE));
  writeFileSync(file, `e-mail:   ${initial.email}\npassword: ${initial.password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}
