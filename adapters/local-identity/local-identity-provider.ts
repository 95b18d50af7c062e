import { createHash, randomBytes } from 'node:crypto';
import { ConflictError, NotFoundError, PermissionError, UnauthenticatedError } from '../../core/shared/errors';
import type { Clock } from '../../core/shared/clock.port';
import type { CredentialRepository } from '../../core/admins/credential-repository.port';
import type { IdGenerator } from '../../core/shared/id-generator.port';
import type { IdentityProvider, IdentityUser } from '../../core/admins/identity-provider.port';
import type { PasswordHasher } from '../../core/admins/password-hasher.port';
import type { SessionRepository } from '../../core/admins/session-repository.port';

export interface LocalIdentityProviderDeps {
  credentials: CredentialRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  ids: IdGenerator;
  clock: Clock;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
const DISABLED = 'Access denied. You do not have admin privileges.';
const TOKEN_BYTES = 32;
// Tokens are 32 random bytes in base64url (43 characters); anything longer is not ours.
const MAX_TOKEN_LENGTH = 128;

/** The session token is never stored: only its SHA-256, so a copy of the database opens no session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Local admin accounts: scrypt-hashed passwords and server-side sessions in the club's own database. */
export class LocalIdentityProvider implements IdentityProvider {
  readonly name = 'local';
  readonly passwordReset = 'app';
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly deps: LocalIdentityProviderDeps) {}

  async signIn(email: string, password: string): Promise<IdentityUser> {
    const credential = typeof email === 'string' && email.trim() ? await this.deps.credentials.getByEmail(email.trim()) : null;
    if (!credential) {
      // Spend the same time as a real check so response times do not reveal which e-mails exist.
      await this.deps.hasher.verify(String(password), await this.getDummyHash());
      throw new UnauthenticatedError(INVALID_CREDENTIALS);
    }
    const ok = await this.deps.hasher.verify(String(password), credential.passwordHash);
    if (!ok) throw new UnauthenticatedError(INVALID_CREDENTIALS);
    // The port reports a disabled account apart; the sign-in use case answers it as a wrong password.
    if (credential.disabled) throw new PermissionError(DISABLED);
    return { uid: credential.uid, email: credential.email, displayName: null };
  }

  async createSession(uid: string, maxAgeMs: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + maxAgeMs);
    await this.deps.sessions.create({ tokenHash: hashSessionToken(token), uid, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
    return { token, expiresAt };
  }

  async verifySession(token: string): Promise<IdentityUser | null> {
    return (await this.verifySessionWith(token, async () => undefined))?.user ?? null;
  }

  async verifySessionWith<T>(token: string, load: (uid: string) => Promise<T>): Promise<{ user: IdentityUser; loaded: T } | null> {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    const session = await this.deps.sessions.get(hashSessionToken(token));
    if (!session) return null;
    if (Date.parse(session.expiresAt) <= this.deps.clock.now().getTime()) return null;
    // (An async wrapper: a `load` that throws at once is settled like one that rejects.)
    const [credential, loaded] = await Promise.allSettled([this.deps.credentials.getByUid(session.uid), (async () => load(session.uid))()]);
    if (credential.status === 'rejected') throw credential.reason;
    if (!credential.value || credential.value.disabled) return null;
    if (loaded.status === 'rejected') throw loaded.reason;
    return { user: { uid: credential.value.uid, email: credential.value.email, displayName: null }, loaded: loaded.value };
  }

  async revokeSession(token: string): Promise<void> {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return;
    await this.deps.sessions.delete(hashSessionToken(token));
  }

  async createUser(input: { email: string; password: string; displayName: string }): Promise<IdentityUser> {
    const email = input.email.trim();
    if (await this.deps.credentials.getByEmail(email)) {
      throw new ConflictError('An account with this email already exists');
    }
    const uid = this.deps.ids.next();
    const passwordHash = await this.deps.hasher.hash(input.password);
    await this.deps.credentials.create({ uid, email, passwordHash, disabled: false });
    return { uid, email, displayName: input.displayName };
  }

  async setDisabled(uid: string, disabled: boolean): Promise<void> {
    const credential = await this.deps.credentials.getByUid(uid);
    if (!credential) throw new NotFoundError('User not found');
    await this.deps.credentials.update({ ...credential, disabled });
    if (disabled) await this.deps.sessions.deleteByUid(uid);
  }

  async sendPasswordResetEmail(): Promise<void> {
    throw new Error('Local accounts are reset with the app\'s own link (passwordReset is "app")');
  }

  /** Sets a new password (the admin command line, and a reset link). */
  async setPassword(uid: string, password: string): Promise<void> {
    const credential = await this.deps.credentials.getByUid(uid);
    if (!credential) throw new NotFoundError('User not found');
    await this.deps.credentials.update({ ...credential, passwordHash: await this.deps.hasher.hash(password) });
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.deps.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
