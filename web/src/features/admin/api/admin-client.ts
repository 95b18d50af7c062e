/**
 * The admin panel's own HTTP client. Every call goes to the same origin with the session cookie;
 * state-changing calls carry `X-Requested-With: fetch`, which the server demands so that a
 * cross-site page cannot act with an admin's cookie.
 */
export class AdminApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached or answered something unreadable. */
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The permission the server said was missing (403 answers). */
    readonly permission: string | null = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();

/**
 * Lets the session holder hear of any 401, so an expired or revoked session sends the admin to
 * the sign-in page from whatever screen they are on, without showing data the server refused.
 */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

interface RequestOptions {
  body?: unknown;
  /** The sign-in call answers 401 for a wrong password; that is not an expired session. */
  ignoreUnauthenticated?: boolean;
}

export async function adminRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-Requested-With'] = 'fetch';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new AdminApiError(0, 'The server could not be reached');
  }

  if (response.status === 204) return undefined as T;

  let payload: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  if (!response.ok) {
    const body = (payload ?? {}) as { error?: unknown; fields?: unknown; permission?: unknown };
    const message = typeof body.error === 'string' ? body.error : response.statusText || `HTTP ${response.status}`;
    const fields = isStringRecord(body.fields) ? body.fields : {};
    const permission = typeof body.permission === 'string' ? body.permission : null;
    if (response.status === 401 && !options.ignoreUnauthenticated) {
      for (const listener of unauthenticatedListeners) listener();
    }
    throw new AdminApiError(response.status, message, fields, permission);
  }
  if (payload === null) throw new AdminApiError(0, 'The server sent an unreadable answer');
  return payload as T;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
