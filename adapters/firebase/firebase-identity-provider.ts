import { createHash, randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type App, type Credential } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import {
  ConflictError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '../../core/shared/errors';
import type { Clock } from '../../core/shared/clock.port';
import type { IdentityProvider, IdentityUser } from '../../core/admins/identity-provider.port';
import type { SessionRepository } from '../../core/admins/session-repository.port';
import { IDENTITY_TOOLKIT_URL } from './identity-toolkit-url';

export interface FirebaseIdentityProviderOptions {
  projectId: string;
  /** The project's Web API key, which the password sign-in REST call needs. */
  webApiKey: string;
  /** The Identity Toolkit REST base; the emulator's or a local fake's in tests. */
  identityToolkitUrl?: string;
  /**
   * How firebase-admin authenticates. Default: application default credentials
   * (GOOGLE_APPLICATION_CREDENTIALS or the platform's service account). The Auth emulator,
   * chosen by FIREBASE_AUTH_EMULATOR_HOST, needs none.
   */
  credential?: Credential;
  /** Where each session's token hash is kept, so one session can end without the others. */
  sessions: SessionRepository;
  clock: Clock;
  /** How long to wait for the Identity Toolkit REST API. */
  timeoutMs?: number;
  /** Told what an operator must fix in the Firebase or Google Cloud settings (the log). */
  reportProblem?: (message: string) => void;
  fetch?: typeof fetch;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
const DISABLED = 'Access denied. You do not have admin privileges.';
const LOGIN_FAILED = 'Login failed. Please try again.';
// Firebase session cookies last between 5 minutes and 14 days.
const MIN_SESSION_MS = 5 * 60 * 1000;
const MAX_SESSION_MS = 14 * 24 * 3600 * 1000;
// The ID token of a password sign-in waits here for createSession, which follows in the same request.
const ID_TOKEN_KEEP_MS = 2 * 60 * 1000;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
// A session id, a dot and a Firebase session cookie (about 1 kB); anything longer is not ours.
const MAX_TOKEN_LENGTH = 4096;

/** Identity Toolkit answers that mean "wrong e-mail or password", whatever the project's settings. */
const INVALID_CREDENTIAL_CODES = new Set([
  'INVALID_LOGIN_CREDENTIALS',
  'INVALID_PASSWORD',
  'EMAIL_NOT_FOUND',
  'INVALID_EMAIL',
  'MISSING_EMAIL',
  'MISSING_PASSWORD',
]);
/** What the log says about a Firebase setting that stops admins signing in (docs/identity.md). */
export const FIREBASE_PROBLEMS = {
  multiFactor: (email: string) =>
    `Firebase sign-in of ${email}: the password was right, but the account has multi-factor authentication enrolled, ` +
    'which this admin sign-in does not support. Remove the second factor from this account (Firebase console, Authentication > Users), ' +
    'or sign in with an account without one.',
  referrerRestrictedKey:
    'Firebase refused FIREBASE_WEB_API_KEY: the key is restricted to websites (HTTP referrers), and the server calls Firebase ' +
    'without one. In the Google Cloud console (APIs & Services > Credentials), give the server a key with no application ' +
    "restriction (or restricted to the server's IP addresses) and only the Identity Toolkit API allowed.",
} as const;

/** The `reason`s of a Google API error's details (google.rpc.ErrorInfo), e.g. API_KEY_HTTP_REFERRER_BLOCKED. */
function errorReasons(answer: unknown): string[] {
  const details = (answer as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return [];
  return details.map((detail) => (detail as { reason?: unknown } | null)?.reason).filter((reason): reason is string => typeof reason === 'string');
}

/** firebase-admin codes of a session that is simply over: signed out elsewhere, expired, user gone. */
const SESSION_OVER_CODES = new Set([
  'auth/session-cookie-revoked',
  'auth/session-cookie-expired',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/argument-error',
  'auth/invalid-argument',
]);

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '';
}

/**
 * Admin sign-in with Firebase Authentication. The password is checked by the Identity Toolkit
 * REST API (as the Firebase web SDK does); the browser then carries a Firebase session cookie,
 * checked on every request with revocation, so a user disabled or deleted in the Firebase
 * console loses the session at the next request.
 *
 * Firebase can only revoke all of a user's sessions at once, but signing out must end just the
 * one: every session also gets a random id, and the hash of the whole token is kept in the
 * session repository. A token verifies only while both Firebase and that record accept it.
 */
export class FirebaseIdentityProvider implements IdentityProvider {
  readonly name = 'firebase';
  readonly passwordReset = 'provider';
  private readonly app: App;
  private readonly auth: Auth;
  private readonly restUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly idTokens = new Map<string, { idToken: string; until: number }>();

  constructor(private readonly options: FirebaseIdentityProviderOptions) {
    if (!options.projectId.trim()) throw new Error('FirebaseIdentityProvider needs a project id');
    if (!options.webApiKey.trim()) throw new Error('FirebaseIdentityProvider needs the Web API key');
    this.restUrl = (options.identityToolkitUrl ?? IDENTITY_TOOLKIT_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetch = options.fetch ?? globalThis.fetch;
    // A named app of its own, so several providers (tests, a second project) never share state.
    this.app = initializeApp(
      { projectId: options.projectId, ...(options.credential ? { credential: options.credential } : {}) },
      `kyc-identity-${randomBytes(6).toString('hex')}`,
    );
    this.auth = getAuth(this.app);
  }

  async signIn(email: string, password: string): Promise<IdentityUser> {
    if (typeof email !== 'string' || !email.trim() || typeof password !== 'string' || !password) {
      throw new UnauthenticatedError(INVALID_CREDENTIALS);
    }
    const answer = await this.callRest('accounts:signInWithPassword', { email: email.trim(), password, returnSecureToken: true });
    if (typeof answer.mfaPendingCredential === 'string' || Array.isArray(answer.mfaInfo)) {
      // The password was right, but the account has a second factor, which this sign-in cannot ask for.
      this.options.reportProblem?.(FIREBASE_PROBLEMS.multiFactor(email.trim()));
      throw new UnavailableError(LOGIN_FAILED);
    }
    const uid = typeof answer.localId === 'string' ? answer.localId : '';
    const idToken = typeof answer.idToken === 'string' ? answer.idToken : '';
    if (!uid || !idToken) throw new UnavailableError(LOGIN_FAILED);
    this.keepIdToken(uid, idToken);
    return {
      uid,
      email: typeof answer.email === 'string' ? answer.email : email.trim(),
      displayName: typeof answer.displayName === 'string' && answer.displayName ? answer.displayName : null,
    };
  }

  async createSession(uid: string, maxAgeMs: number): Promise<{ token: string; expiresAt: Date }> {
    if (!(maxAgeMs >= MIN_SESSION_MS && maxAgeMs <= MAX_SESSION_MS)) {
      throw new RangeError(`A Firebase session lasts between 5 minutes and 14 days (asked for ${maxAgeMs} ms)`);
    }
    let cookie: string;
    try {
      const idToken = this.takeIdToken(uid) ?? (await this.idTokenWithoutPassword(uid));
      cookie = await this.auth.createSessionCookie(idToken, { expiresIn: maxAgeMs });
    } catch (error) {
      if (error instanceof UnavailableError) throw error;
      throw new UnavailableError(LOGIN_FAILED);
    }
    const token = `${randomBytes(32).toString('base64url')}.${cookie}`;
    const now = this.options.clock.now();
    const expiresAt = new Date(now.getTime() + maxAgeMs);
    await this.options.sessions.create({ tokenHash: hashToken(token), uid, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
    return { token, expiresAt };
  }

  async verifySession(token: string): Promise<IdentityUser | null> {
    return (await this.verifySessionWith(token, async () => undefined))?.user ?? null;
  }

  async verifySessionWith<T>(token: string, load: (uid: string) => Promise<T>): Promise<{ user: IdentityUser; loaded: T } | null> {
    const cookie = this.cookieOf(token);
    if (cookie === null) return null;
    const tokenHash = hashToken(token);
    const session = await this.options.sessions.get(tokenHash);
    if (!session) return null;
    if (Date.parse(session.expiresAt) <= this.options.clock.now().getTime()) return null;
    // The caller's read goes alongside Firebase's check of the cookie, for the session's user.
    const loading = (async () => load(session.uid))().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    let claims: Awaited<ReturnType<Auth['verifySessionCookie']>>;
    try {
      claims = await this.auth.verifySessionCookie(cookie, true);
    } catch (error) {
      if (SESSION_OVER_CODES.has(codeOf(error))) {
        await this.options.sessions.delete(tokenHash);
        return null;
      }
      // Firebase unreachable is not "signed out": the admin sees an error and may try again.
      throw new UnavailableError('The sign-in service is unavailable. Please try again.');
    }
    if (claims.uid !== session.uid) return null;
    const loaded = await loading;
    if (!loaded.ok) throw loaded.error;
    return { user: { uid: claims.uid, email: claims.email ?? '', displayName: typeof claims.name === 'string' ? claims.name : null }, loaded: loaded.value };
  }

  async revokeSession(token: string): Promise<void> {
    if (this.cookieOf(token) === null) return;
    await this.options.sessions.delete(hashToken(token));
  }

  async createUser(input: { email: string; password: string; displayName: string }): Promise<IdentityUser> {
    try {
      const user = await this.auth.createUser({ email: input.email.trim(), password: input.password, displayName: input.displayName });
      return { uid: user.uid, email: user.email ?? input.email.trim(), displayName: user.displayName ?? null };
    } catch (error) {
      const code = codeOf(error);
      if (code === 'auth/email-already-exists') throw new ConflictError('An account with this email already exists');
      if (code === 'auth/invalid-email') throw new ValidationError('Please enter a valid email address', { email: 'Please enter a valid email address' });
      if (code === 'auth/invalid-password' || code === 'auth/password-does-not-meet-requirements') {
        throw new ValidationError("The password does not meet the sign-in service's password policy", {
          password: "The password does not meet the sign-in service's password policy",
        });
      }
      throw new UnavailableError('The sign-in service could not create the account. Please try again.');
    }
  }

  async setDisabled(uid: string, disabled: boolean): Promise<void> {
    try {
      await this.auth.updateUser(uid, { disabled });
      // Firebase already refuses a disabled user's cookies; revoking also keeps them dead after re-enabling.
      if (disabled) await this.auth.revokeRefreshTokens(uid);
    } catch (error) {
      if (codeOf(error) === 'auth/user-not-found') throw new NotFoundError('User not found');
      throw new UnavailableError('The sign-in service could not update the account. Please try again.');
    }
    if (disabled) await this.options.sessions.deleteByUid(uid);
  }

  /**
   * Firebase e-mails its own reset link (accounts:sendOobCode, requestType PASSWORD_RESET), with
   * the project's own template and action page. EMAIL_NOT_FOUND (or a malformed address) is not
   * an error: nothing is sent, as when Firebase's e-mail enumeration protection answers for it.
   */
  async sendPasswordResetEmail(email: string): Promise<void> {
    try {
      await this.callRest('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: email.trim() });
    } catch (error) {
      if (error instanceof UnauthenticatedError) return;
      if (error instanceof UnavailableError) throw error;
      throw new UnavailableError('The sign-in service could not send the reset e-mail. Please try again.');
    }
  }

  async setPassword(uid: string, password: string): Promise<void> {
    try {
      await this.auth.updateUser(uid, { password });
    } catch (error) {
      const code = codeOf(error);
      if (code === 'auth/user-not-found') throw new NotFoundError('User not found');
      if (code === 'auth/invalid-password' || code === 'auth/password-does-not-meet-requirements') {
        throw new ValidationError("The password does not meet the sign-in service's password policy", {
          password: "The password does not meet the sign-in service's password policy",
        });
      }
      throw new UnavailableError('The sign-in service could not update the account. Please try again.');
    }
  }

  /** The Firebase user with this e-mail (any case), or null: to link an account made in the console. */
  async findUserByEmail(email: string): Promise<IdentityUser | null> {
    try {
      const user = await this.auth.getUserByEmail(email.trim());
      return { uid: user.uid, email: user.email ?? email.trim(), displayName: user.displayName ?? null };
    } catch (error) {
      if (codeOf(error) === 'auth/user-not-found') return null;
      throw new UnavailableError('The sign-in service is unavailable. Please try again.');
    }
  }

  /** Releases firebase-admin's app (its HTTP agents and timers). */
  async close(): Promise<void> {
    await deleteApp(this.app);
  }

  private cookieOf(token: string): string | null {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    const dot = token.indexOf('.');
    if (dot < 0 || !SESSION_ID.test(token.slice(0, dot))) return null;
    const cookie = token.slice(dot + 1);
    return cookie ? cookie : null;
  }

  // Real time, not the injected clock: Firebase judges the ID token by real time.
  private keepIdToken(uid: string, idToken: string): void {
    const now = Date.now();
    for (const [key, kept] of this.idTokens) if (kept.until <= now) this.idTokens.delete(key);
    this.idTokens.set(uid, { idToken, until: now + ID_TOKEN_KEEP_MS });
  }

  private takeIdToken(uid: string): string | null {
    const kept = this.idTokens.get(uid);
    this.idTokens.delete(uid);
    return kept && kept.until > Date.now() ? kept.idToken : null;
  }

  /**
   * An ID token for a session opened without a password sign-in just before, which the port
   * allows: a custom token minted with the service account, exchanged at the Identity Toolkit.
   * Needs a credential that can sign (a service-account key file, or the Service Account Token
   * Creator role).
   */
  private async idTokenWithoutPassword(uid: string): Promise<string> {
    const customToken = await this.auth.createCustomToken(uid);
    const answer = await this.callRest('accounts:signInWithCustomToken', { token: customToken, returnSecureToken: true });
    if (typeof answer.idToken !== 'string' || !answer.idToken) throw new UnavailableError(LOGIN_FAILED);
    return answer.idToken;
  }

  /** One Identity Toolkit REST call; its error answers become the core's errors. */
  private async callRest(method: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const url = `${this.restUrl}/${method}?key=${encodeURIComponent(this.options.webApiKey)}`;
    let response: Response;
    let answer: unknown;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      answer = await response.json();
    } catch {
      // Unreachable, too slow, or not JSON (a proxy's error page): the service is not answering.
      throw new UnavailableError(LOGIN_FAILED);
    }
    if (response.ok && answer && typeof answer === 'object') return answer as Record<string, unknown>;
    const message = (answer as { error?: { message?: unknown } } | null)?.error?.message;
    // Google writes 'CODE' or 'CODE : explanation'.
    const code = typeof message === 'string' ? message.split(':')[0].trim() : '';
    if (INVALID_CREDENTIAL_CODES.has(code)) throw new UnauthenticatedError(INVALID_CREDENTIALS);
    if (code === 'USER_DISABLED') throw new PermissionError(DISABLED);
    if (code === 'TOO_MANY_ATTEMPTS_TRY_LATER') throw new RateLimitError();
    if (errorReasons(answer).includes('API_KEY_HTTP_REFERRER_BLOCKED')) this.options.reportProblem?.(FIREBASE_PROBLEMS.referrerRestrictedKey);
    throw new UnavailableError(LOGIN_FAILED);
  }
}
