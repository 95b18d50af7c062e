import { z } from 'zod';
import type { Campaign } from '../../core/campaigns/campaign';
import { UnavailableError } from '../../core/shared/errors';
import type { CampaignSource } from '../../core/campaigns/campaign-source.port';
import type { Clock } from '../../core/shared/clock.port';

// node:http by getBuiltinModule: an ES import of it loads undici at start (ADR 0078).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

export const MAILERLITE_API_URL = 'https://connect.mailerlite.com/api';
export const DEFAULT_CACHE_MS = 5 * 60 * 1000;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** MailerLite's own default page size; the News page shows recent e-mails, not an archive. */
export const DEFAULT_LIMIT = 25;

export interface MailerLiteCampaignSourceOptions {
  apiKey: string;
  /** The API base, https://connect.mailerlite.com/api unless a test or proxy says otherwise. */
  baseUrl?: string;
  /** How long one answer is reused. 0 asks MailerLite every time. */
  cacheMs?: number;
  /** How long to wait for MailerLite before reporting it unavailable. */
  timeoutMs?: number;
  /** How many sent campaigns to ask for (one page). */
  limit?: number;
  clock: Clock;
  fetch?: typeof fetch;
  /** Told, for the log, what an operator must fix (a refused key); members see only FAILED. */
  reportProblem?: (message: string) => void;
}

/**
 * The API version asked for (MailerLite's date-based X-Version header; the date MailerLite's own
 * documentation uses). Without it a request runs on whatever version is newest that day.
 */
export const MAILERLITE_API_VERSION = '2038-01-19';

export const MAILERLITE_KEY_REFUSED =
  'MailerLite refused MAILERLITE_API_KEY. A key of the current MailerLite (connect.mailerlite.com, accounts made since March 2022) ' +
  'is needed; a MailerLite Classic key does not work with this API. Make one under Integrations > MailerLite API in the new MailerLite.';

const FAILED = 'Failed to fetch communications';

// Only what we read is checked; MailerLite adds fields freely and they must not break the page.
const EmailSchema = z.object({ subject: z.string().nullish(), preview_url: z.string().nullish() });
const ItemSchema = z.object({
  id: z.union([z.string().min(1), z.number()]),
  name: z.string().nullish(),
  status: z.string().nullish(),
  finished_at: z.string().nullish(),
  emails: z.array(z.unknown()).nullish(),
});
const ListSchema = z.object({ data: z.array(z.unknown()) });

/**
 * Sent campaigns from MailerLite's API (GET /campaigns?filter[status]=sent, Bearer API key).
 * Answers are kept for a few minutes: the News page is public, and MailerLite allows an account
 * only 120 requests a minute.
 */
export class MailerLiteCampaignSource implements CampaignSource {
  private readonly baseUrl: string;
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly limit: number;
  private readonly fetch: typeof fetch;
  private cached: { campaigns: Campaign[]; at: number } | null = null;
  // Page views that arrive together share one request instead of each asking MailerLite.
  private inFlight: Promise<Campaign[]> | null = null;

  constructor(private readonly options: MailerLiteCampaignSourceOptions) {
    if (!options.apiKey.trim()) throw new Error('MailerLiteCampaignSource needs an API key');
    this.baseUrl = (options.baseUrl ?? MAILERLITE_API_URL).replace(/\/+$/, '');
    this.cacheMs = options.cacheMs ?? DEFAULT_CACHE_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.limit = options.limit ?? DEFAULT_LIMIT;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async listRecent(): Promise<Campaign[]> {
    const now = this.options.clock.now().getTime();
    if (this.cached && now - this.cached.at < this.cacheMs) return copy(this.cached.campaigns);
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = null;
    });
    return copy(await this.inFlight);
  }

  private async load(): Promise<Campaign[]> {
    const url = new URL(`${this.baseUrl}/campaigns`);
    url.searchParams.set('filter[status]', 'sent');
    url.searchParams.set('limit', String(this.limit));

    let response: Response;
    try {
      response = await this.fetch(url, {
        headers: { authorization: `Bearer ${this.options.apiKey}`, accept: 'application/json', 'x-version': MAILERLITE_API_VERSION },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new UnavailableError(`${FAILED}: ${timedOut ? 'Timed out' : 'Service unreachable'}`);
    }
    if (!response.ok) {
      // Drain the body so the connection can be reused; its text is not shown to members.
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 401 || response.status === 403) this.options.reportProblem?.(MAILERLITE_KEY_REFUSED);
      throw new UnavailableError(`${FAILED}: ${response.statusText || STATUS_CODES[response.status] || `HTTP ${response.status}`}`);
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new UnavailableError(`${FAILED}: ${timedOut ? 'Timed out' : 'Invalid response'}`);
    }
    const list = ListSchema.safeParse(body);
    if (!list.success) throw new UnavailableError(`${FAILED}: Invalid response`);

    const campaigns = sortNewestFirst(list.data.data.map(toCampaign).filter((c): c is Campaign => c !== null));
    this.cached = { campaigns, at: this.options.clock.now().getTime() };
    return campaigns;
  }
}

/** One MailerLite campaign as the News page needs it, or null for an item we cannot show. */
function toCampaign(raw: unknown): Campaign | null {
  const item = ItemSchema.safeParse(raw);
  if (!item.success) return null;
  // Asked for sent campaigns only; anything else that slips through is not news yet.
  if (item.data.status && item.data.status !== 'sent') return null;
  const email = EmailSchema.safeParse(item.data.emails?.[0] ?? {});
  const subject = (email.success && email.data.subject?.trim()) || item.data.name?.trim() || '';
  return {
    id: String(item.data.id),
    subject,
    finished_at: parseMailerLiteInstant(item.data.finished_at),
    preview_url: email.success ? httpUrlOrNull(email.data.preview_url) : null,
  };
}

/**
 * MailerLite writes instants as "2022-07-26 15:12:17" (UTC, no zone). ISO text with a zone is
 * accepted too. Anything unreadable becomes null, which the News page shows as 'Date TBC'.
 */
export function parseMailerLiteInstant(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(text.trim());
  const ms = plain
    ? Date.UTC(+plain[1], +plain[2] - 1, +plain[3], +plain[4], +plain[5], +plain[6], plain[7] ? Math.round(Number(plain[7]) * 1000) : 0)
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text.trim())
      ? Date.parse(text.trim())
      : NaN;
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  // Date.UTC rolls 2026-02-31 over into March; such a date is not what MailerLite meant.
  if (plain && iso.slice(0, 19) !== `${plain[1]}-${plain[2]}-${plain[3]}T${plain[4]}:${plain[5]}:${plain[6]}`) return null;
  return iso;
}

function httpUrlOrNull(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    // The link opens in members' browsers: only web pages, never javascript: or data: URLs.
    return url.protocol === 'https:' || url.protocol === 'http:' ? text : null;
  } catch {
    return null;
  }
}

function sortNewestFirst(campaigns: Campaign[]): Campaign[] {
  return [...campaigns].sort((a, b) => {
    if (a.finished_at === b.finished_at) return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    if (a.finished_at === null) return 1;
    if (b.finished_at === null) return -1;
    return Date.parse(b.finished_at) - Date.parse(a.finished_at);
  });
}

function copy(campaigns: Campaign[]): Campaign[] {
  return campaigns.map((c) => ({ ...c }));
}
