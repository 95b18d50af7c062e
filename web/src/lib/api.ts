import type { ZodType } from 'zod';
import { noteNoConnection, noteServerAnswer, noteStoredAnswer } from './offline-status';
import { STORED_AT_HEADER } from './service-worker-routes';

/**
 * A request that got no answer: the phone has no signal, or the server is down. What the device
 * has kept is still shown (docs/offline.md); this is what a read or an action with nothing kept says.
 */
export const OFFLINE_MESSAGE = 'You are offline: the club’s server could not be reached. Please try again when you have a connection.';

/**
 * The one HTTP client of the web app (members' pages and admin panel). Every call goes to the
 * same origin with the session cookie; state-changing calls carry `X-Requested-With: fetch`,
 * which the server demands so that a cross-site page cannot act with an admin's cookie.
 *
 * An answer from the server that was not a success, or a request that never got an answer
 * (status 0, OFFLINE_MESSAGE), is an ApiError: `message` is the server's `error` text when it sent one, `fields`
 * its per-field messages, `permission` the permission a 403 said was missing.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly body: Record<string, unknown>;
  readonly permission: string | null;

  constructor(status: number, message: string, fields: Record<string, string> = {}, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.body = body;
    this.permission = typeof body.permission === 'string' ? body.permission : null;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** The sign-in calls answer 401 for a wrong password or no session: not an expired session. */
  ignoreUnauthenticated?: boolean;
}

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();

/**
 * Lets the admin session holder hear of any 401, so an expired or revoked session sends the
 * admin to the sign-in page from whatever screen they are on, without showing refused data.
 */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A body sent as it is (an uploaded file), not as JSON. */
class RawBody {
  constructor(
    readonly data: Blob,
    readonly contentType: string,
  ) {}
}

async function request<T>(method: string, path: string, body: unknown, schema: ZodType<T> | undefined, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = body instanceof RawBody ? body.contentType : 'application/json';
  // The server refuses state-changing requests without it (cross-site request protection).
  if (method !== 'GET') headers['X-Requested-With'] = 'fetch';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof RawBody ? body.data : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    noteNoConnection();
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  // A read the service worker answered from the device (docs/offline.md) carries the time it was stored.
  const storedAt = response.headers.get(STORED_AT_HEADER);
  if (storedAt !== null) noteStoredAnswer(storedAt);
  else noteServerAnswer();
  let json: unknown = undefined;
  const text = await response.text();
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) {
    const record = isRecord(json) ? json : {};
    const message = typeof record.error === 'string' ? record.error : response.statusText || `HTTP ${response.status}`;
    if (response.status === 401 && !options.ignoreUnauthenticated) {
      for (const listener of unauthenticatedListeners) listener();
    }
    throw new ApiError(response.status, message, stringFields(record.fields), record);
  }
  if (schema === undefined) return json as T;
  return parseAnswer(schema, json, `${method} ${path}`, response.status);
}

/**
 * Reads an answer with the core's schema. A contract drift between server and browser is
 * reported like a failed request. Used apart from the request when a route fetches its data
 * while the schema's code is still loading (app-routes.tsx).
 */
export function parseAnswer<T>(schema: ZodType<T>, json: unknown, what: string, status = 200): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${what}`, parsed.error);
    throw new ApiError(status, 'Unexpected answer from the server');
  }
  return parsed.data;
}

export function apiGet<T>(path: string, schema?: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('GET', path, undefined, schema, options);
}

export function apiPost<T>(path: string, body: unknown, schema?: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('POST', path, body, schema, options);
}

export function apiPut<T>(path: string, body: unknown, schema?: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('PUT', path, body, schema, options);
}

export function apiPatch<T>(path: string, body: unknown, schema?: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('PATCH', path, body, schema, options);
}

export function apiDelete<T>(path: string, schema?: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('DELETE', path, undefined, schema, options);
}

/** Sends a file as the request's body (a document's PDF), with its content type; the answer is JSON. */
export function apiUpload<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: Blob,
  contentType: string,
  schema?: ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  return request(method, path, new RawBody(file, contentType), schema, options);
}

/** Posts a CSV file's text as text/csv (an import, or its preview). */
export function apiUploadCsv<T>(path: string, csv: string, schema: ZodType<T>): Promise<T> {
  return apiUpload('POST', path, new Blob([csv]), 'text/csv', schema);
}

/**
 * The words to show for a failed call: the server's own for a refusal the user can act on (any
 * 4xx answer, or only the `statuses` given), otherwise `fallback` (the catalogue's message).
 */
export function refusalMessage(error: unknown, fallback: string, statuses?: readonly number[]): string {
  if (!(error instanceof ApiError)) return fallback;
  const refused = statuses === undefined ? error.status >= 400 && error.status < 500 : statuses.includes(error.status);
  return refused ? error.message : fallback;
}

/**
 * A file the server answers with (a zip archive): its bytes, or the ApiError of a refusal (the
 * server's `error` text) as the other calls throw it.
 */
export async function apiDownload(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/zip, application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-Requested-With'] = 'fetch';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'The server could not be reached');
  }
  if (response.ok) return response.blob();
  let record: Record<string, unknown> = {};
  try {
    const json: unknown = await response.json();
    if (isRecord(json)) record = json;
  } catch {
    record = {};
  }
  if (response.status === 401) for (const listener of unauthenticatedListeners) listener();
  throw new ApiError(response.status, typeof record.error === 'string' ? record.error : `HTTP ${response.status}`, stringFields(record.fields), record);
}

/** Hands a downloaded file to the browser to save, under this name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
