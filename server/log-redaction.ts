import { REDACTED, isCapabilityParam, redactUrl } from '../core/shared/capability-links';

/** A parsed query or route parameters with every capability secret replaced. */
export function redactParams(params: unknown): unknown {
  if (params === null || typeof params !== 'object') return params;
  return Object.fromEntries(Object.entries(params as Record<string, unknown>).map(([name, value]) => [name, isCapabilityParam(name) ? REDACTED : value]));
}

interface SerializedRequest {
  url?: unknown;
  query?: unknown;
  params?: unknown;
  headers?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * pino-http's request serializer: its standard fields, with capability secrets redacted
 * (core/shared/capability-links.ts).
 */
export function redactRequest(req: SerializedRequest): SerializedRequest {
  const headers = req.headers && typeof req.headers.referer === 'string' ? { ...req.headers, referer: redactUrl(req.headers.referer) } : req.headers;
  return { ...req, url: typeof req.url === 'string' ? redactUrl(req.url) : req.url, query: redactParams(req.query), params: redactParams(req.params), headers };
}
