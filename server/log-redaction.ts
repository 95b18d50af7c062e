/**
 * Capability secrets never reach the logs (docs/operations.md, "Logs and health"): a manage,
 * offer, withdraw, leave or reset link's token, a receipt's `booked` token and a checkout's id
 * each let whoever holds them act for a member or an admin. They travel in these query parameters
 * (core/paths.ts builds the links) and in the checkout path below.
 */
export const CAPABILITY_PARAMS: ReadonlySet<string> = new Set(['token', 'offer', 'booked', 'checkoutid', 'code', 'secret']);

const REDACTED = '[redacted]';
const CAPABILITY_PATHS = [/^(\/api\/payments\/checkouts\/)[^/?#]+/i];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The URL (a path with its query, or an absolute URL) with every capability secret replaced. */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const hash = url.indexOf('#');
  const withoutHash = (hash === -1 ? url : url.slice(0, hash)).slice(origin.length);
  const q = withoutHash.indexOf('?');
  let path = q === -1 ? withoutHash : withoutHash.slice(0, q);
  for (const pattern of CAPABILITY_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return origin + path;
  const query = withoutHash
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return CAPABILITY_PARAMS.has(decoded(name).trim().toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${origin}${path}?${query}`;
}

/** A parsed query or route parameters with every capability secret replaced. */
export function redactParams(params: unknown): unknown {
  if (params === null || typeof params !== 'object') return params;
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>).map(([name, value]) => [name, CAPABILITY_PARAMS.has(name.trim().toLowerCase()) ? REDACTED : value]),
  );
}

interface SerializedRequest {
  url?: unknown;
  query?: unknown;
  params?: unknown;
  headers?: Record<string, unknown>;
  [field: string]: unknown;
}

/** pino-http's request serializer: its standard fields, with capability secrets redacted. */
export function redactRequest(req: SerializedRequest): SerializedRequest {
  const headers = req.headers && typeof req.headers.referer === 'string' ? { ...req.headers, referer: redactUrl(req.headers.referer) } : req.headers;
  return {
    ...req,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    query: redactParams(req.query),
    params: redactParams(req.params),
    headers,
  };
}
