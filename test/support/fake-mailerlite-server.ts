import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeFakeServer, listenOnLoopback } from './fake-server-lifecycle';

/**
 * One campaign as MailerLite's API lists it (GET /api/campaigns), reduced to the fields the
 * documented example shows that matter here. Dates are "YYYY-MM-DD HH:mm:ss" in UTC, as documented.
 */
export interface MailerLiteCampaignRecord {
  id: string;
  name: string;
  type?: string;
  status: 'sent' | 'draft' | 'ready';
  created_at?: string;
  scheduled_for?: string | null;
  started_at?: string | null;
  finished_at: string | null;
  emails: { id?: string; subject?: string | null; preview_url?: string | null; screenshot_url?: string | null }[];
}

/** How the next answers go wrong, as the real API does when it fails. */
export type FakeMailerLiteFailure =
  { kind: 'status'; status: number; body?: string; headers?: Record<string, string> } | { kind: 'slow'; delayMs: number } | { kind: 'not-json'; body: string };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface FakeMailerLiteServer {
  /** The API base, like https://connect.mailerlite.com/api. */
  baseUrl: string;
  apiKey: string;
  campaigns: MailerLiteCampaignRecord[];
  requests: RecordedRequest[];
  /** Every answer fails this way until cleared with null. */
  failWith(failure: FakeMailerLiteFailure | null): void;
  close(): Promise<void>;
}

/** "2026-03-20T18:30:00+01:00" → "2026-03-20 17:30:00", MailerLite's way of writing instants. */
export function mailerLiteDate(instant: string | null): string | null {
  if (instant === null) return null;
  return new Date(instant).toISOString().slice(0, 19).replace('T', ' ');
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * A local stand-in for MailerLite's campaigns API (connect.mailerlite.com/api), answering as its
 * documentation says: Bearer API key or 401 {"message":"Unauthenticated."}; `filter[status]`
 * (default "ready"), `limit` (default 25) and `page`; `{ data, links, meta }` bodies.
 */
export async function startFakeMailerLiteServer(options: { apiKey?: string } = {}): Promise<FakeMailerLiteServer> {
  const apiKey = options.apiKey ?? 'ml-test-key-0123456789';
  const campaigns: MailerLiteCampaignRecord[] = [];
  const requests: RecordedRequest[] = [];
  let failure: FakeMailerLiteFailure | null = null;
  const pending = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, STATUS_TEXT[status] ?? '', { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers });

    if (failure?.kind === 'slow') {
      // Answers correctly, but too late for any sensible timeout.
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!res.destroyed) send(res, 200, { data: [] });
      }, failure.delayMs);
      pending.add(timer);
      return;
    }
    if (failure?.kind === 'status') {
      send(res, failure.status, failure.body ?? { message: STATUS_TEXT[failure.status] ?? 'Error' }, failure.headers);
      return;
    }
    if (failure?.kind === 'not-json') {
      res.writeHead(200, 'OK', { 'content-type': 'text/html' });
      res.end(failure.body);
      return;
    }

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      send(res, 401, { message: 'Unauthenticated.' });
      return;
    }
    if (req.method !== 'GET' || url.pathname !== '/api/campaigns') {
      send(res, 404, { message: 'Not found.' });
      return;
    }
    const status = url.searchParams.get('filter[status]') ?? 'ready';
    if (!['sent', 'draft', 'ready'].includes(status)) {
      send(res, 422, { message: 'The selected filter.status is invalid.', errors: { 'filter.status': ['The selected filter.status is invalid.'] } });
      return;
    }
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(page) || page < 1) {
      send(res, 422, { message: 'The given data was invalid.' });
      return;
    }
    const matching = campaigns.filter((c) => c.status === status);
    const data = matching
      .slice((page - 1) * limit, page * limit)
      .map((c) => ({ account_id: '1', type: 'regular', created_at: c.created_at ?? c.finished_at ?? '2026-01-01 00:00:00', ...c }));
    const lastPage = Math.max(1, Math.ceil(matching.length / limit));
    const base = `http://${req.headers.host}/api/campaigns`;
    send(res, 200, {
      data,
      links: {
        first: `${base}?page=1`,
        last: `${base}?page=${lastPage}`,
        prev: page > 1 ? `${base}?page=${page - 1}` : null,
        next: page < lastPage ? `${base}?page=${page + 1}` : null,
      },
      meta: {
        current_page: page,
        from: data.length ? (page - 1) * limit + 1 : null,
        last_page: lastPage,
        path: base,
        per_page: limit,
        to: data.length ? (page - 1) * limit + data.length : null,
        total: matching.length,
      },
    });
  });

  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    apiKey,
    campaigns,
    requests,
    failWith(next) {
      failure = next;
    },
    close: () => closeFakeServer(server, pending),
  };
}
