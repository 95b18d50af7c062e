import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIdentityToolkitUser {
  localId: string;
  email: string;
  password: string;
  displayName?: string;
  disabled?: boolean;
  /** A second factor is enrolled: the password step answers with an MFA challenge, no ID token. */
  secondFactor?: boolean;
}

/** How the next answers go, whatever is asked. */
export type FakeIdentityToolkitAnswer =
  /** Firebase's error body, e.g. 'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account ...'. */
  { kind: 'error'; status: number; message: string } | { kind: 'raw'; status: number; contentType: string; body: string } | { kind: 'slow'; delayMs: number };

export interface RecordedIdentityRequest {
  path: string;
  key: string | null;
  body: Record<string, unknown>;
}

export interface FakeIdentityToolkitServer {
  /** The REST base, like https://identitytoolkit.googleapis.com/v1. */
  baseUrl: string;
  apiKey: string;
  users: FakeIdentityToolkitUser[];
  requests: RecordedIdentityRequest[];
  /** The password-reset e-mails "Firebase sent" (accounts:sendOobCode, requestType PASSWORD_RESET), by address. */
  resetEmailsSent: string[];
  /**
   * E-mail enumeration protection (on by default for new Firebase projects): sendOobCode then
   * answers an unknown address as a known one, sending nothing. Off: EMAIL_NOT_FOUND.
   */
  protectEnumeration(on: boolean): void;
  answerWith(answer: FakeIdentityToolkitAnswer | null): void;
  /** The key gets HTTP-referrer restrictions (Google Cloud console): server calls carry no referrer. */
  restrictKeyToReferrers(restricted: boolean): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for the Identity Toolkit REST API's password sign-in
 * (POST /v1/accounts:signInWithPassword?key=...) and password-reset e-mail
 * (POST /v1/accounts:sendOobCode?key=..., requestType PASSWORD_RESET), answering as Google's does: an ID token on
 * success, `{ error: { code, message, errors } }` otherwise. It also gives the answers the Auth
 * emulator never gives, such as TOO_MANY_ATTEMPTS_TRY_LATER.
 */
/** signInWithPassword's answer for a user whose password matched: a session, or the second factor to ask for. */
function verified(res: ServerResponse, user: { localId: string; email: string; displayName?: string | null }, rest: Record<string, unknown>): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: user.localId,
      email: user.email,
      displayName: user.displayName ?? '',
      registered: true,
      ...rest,
    }),
  );
}

export async function startFakeIdentityToolkitServer(options: { apiKey?: string } = {}): Promise<FakeIdentityToolkitServer> {
  const apiKey = options.apiKey ?? 'fake-web-api-key';
  const users: FakeIdentityToolkitUser[] = [];
  const requests: RecordedIdentityRequest[] = [];
  const resetEmailsSent: string[] = [];
  let enumerationProtected = false;
  let answer: FakeIdentityToolkitAnswer | null = null;
  let referrerRestricted = false;
  const pending = new Set<NodeJS.Timeout>();

  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readJson(req);
    requests.push({ path: url.pathname, key: url.searchParams.get('key'), body });
    const error = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify({ error: { code: status, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } }));
    };

    if (answer?.kind === 'slow') {
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!res.destroyed) error(503, 'UNAVAILABLE');
      }, answer.delayMs);
      pending.add(timer);
      return;
    }
    if (answer?.kind === 'error') return error(answer.status, answer.message);
    if (answer?.kind === 'raw') {
      res.writeHead(answer.status, { 'content-type': answer.contentType });
      res.end(answer.body);
      return;
    }

    if (url.searchParams.get('key') !== apiKey) {
      return error(400, 'API key not valid. Please pass a valid API key.');
    }
    if (referrerRestricted && !req.headers.referer) {
      // Google's answer for a key restricted to websites, called without a referrer.
      const message = 'Requests from referer <empty> are blocked.';
      res.writeHead(403, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(
        JSON.stringify({
          error: {
            code: 403,
            message,
            errors: [{ message, domain: 'global', reason: 'forbidden' }],
            status: 'PERMISSION_DENIED',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'API_KEY_HTTP_REFERRER_BLOCKED',
                domain: 'googleapis.com',
                metadata: { service: 'identitytoolkit.googleapis.com', httpReferrer: '<empty>', consumer: 'projects/123456789012' },
              },
            ],
          },
        }),
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/v1/accounts:sendOobCode') {
      // https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/sendOobCode
      if (body.requestType !== 'PASSWORD_RESET') return error(400, 'INVALID_REQ_TYPE : The request type is not supported here.');
      const address = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      if (!address) return error(400, 'MISSING_EMAIL');
      if (!/^[^@\s]+@[^@\s]+$/.test(address)) return error(400, 'INVALID_EMAIL');
      const known = users.find((u) => u.email.toLowerCase() === address);
      if (!known && !enumerationProtected) return error(400, 'EMAIL_NOT_FOUND');
      if (known) resetEmailsSent.push(known.email);
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: address }));
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/accounts:signInWithPassword') return error(404, 'NOT_FOUND');
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) return error(400, 'INVALID_EMAIL');
    if (!password) return error(400, 'MISSING_PASSWORD');
    const user = users.find((u) => u.email.toLowerCase() === email);
    if (!user || user.password !== password) return error(400, 'INVALID_LOGIN_CREDENTIALS');
    if (user.disabled) return error(400, 'USER_DISABLED : The user account has been disabled by an administrator.');
    if (user.secondFactor) {
      // The first factor passed; the answer asks for the second one instead of giving a token.
      verified(res, user, {
        mfaPendingCredential: `fake-mfa-pending-${user.localId}`,
        mfaInfo: [{ mfaEnrollmentId: 'fake-enrollment', displayName: 'phone', phoneInfo: '+*******1234', enrolledAt: '2026-01-01T00:00:00Z' }],
      });
      return;
    }
    verified(res, user, { idToken: `fake-id-token-for-${user.localId}`, refreshToken: `fake-refresh-token-for-${user.localId}`, expiresIn: '3600' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    users,
    requests,
    resetEmailsSent,
    protectEnumeration(on) {
      enumerationProtected = on;
    },
    restrictKeyToReferrers(restricted) {
      referrerRestricted = restricted;
    },
    answerWith(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
