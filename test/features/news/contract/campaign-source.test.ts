import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAILERLITE_API_VERSION,
  MAILERLITE_KEY_REFUSED,
  MailerLiteCampaignSource,
  parseMailerLiteInstant,
} from '../../../../adapters/mailerlite/mailerlite-campaign-source';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryCampaignRepository } from '../../../../adapters/memory/memory-campaign-repository';
import { SqliteCampaignRepository } from '../../../../adapters/sqlite/sqlite-campaign-repository';
import type { Campaign } from '../../../../core/campaigns/campaign';
import { UnavailableError } from '../../../../core/shared/errors';
import { mailerLiteDate, startFakeMailerLiteServer, type FakeMailerLiteServer, type MailerLiteCampaignRecord } from '../../../support/fake-mailerlite-server';
import { campaignSourceContract, type CampaignSourceHarness } from './campaign-source.contract';
import { openTempSqlite } from '../../../support/temp-sqlite';

campaignSourceContract('MemoryCampaignRepository (database source)', async () => {
  const repository = new MemoryCampaignRepository();
  return {
    source: repository,
    give: async (campaigns) => {
      for (const campaign of campaigns) await repository.put(campaign);
    },
    close: async () => {},
  };
});

campaignSourceContract('SqliteCampaignRepository (database source)', async () => {
  const { db, close } = await openTempSqlite('kyc-campaigns-');
  const repository = new SqliteCampaignRepository(db);
  return {
    source: repository,
    give: async (campaigns) => {
      for (const campaign of campaigns) await repository.put(campaign);
    },
    close,
  };
});

/** A campaign as MailerLite lists it, sent, its subject and preview on the first e-mail. */
function mailerLiteRecord(campaign: Campaign, extra: Partial<MailerLiteCampaignRecord> = {}): MailerLiteCampaignRecord {
  return {
    id: campaign.id,
    name: `Internal name of ${campaign.id}`,
    status: 'sent',
    finished_at: mailerLiteDate(campaign.finished_at),
    emails: [{ id: `${campaign.id}-email`, subject: campaign.subject, preview_url: campaign.preview_url, screenshot_url: null }],
    ...extra,
  };
}

interface MailerLiteHarness extends CampaignSourceHarness {
  server: FakeMailerLiteServer;
  clock: FixedClock;
  source: MailerLiteCampaignSource;
}

async function mailerLiteHarness(
  options: { cacheMs?: number; timeoutMs?: number; apiKey?: string; reportProblem?: (message: string) => void } = {},
): Promise<MailerLiteHarness> {
  const server = await startFakeMailerLiteServer();
  const clock = new FixedClock('2026-06-01T09:00:00.000Z');
  const source = new MailerLiteCampaignSource({
    apiKey: options.apiKey ?? server.apiKey,
    baseUrl: server.baseUrl,
    cacheMs: options.cacheMs,
    timeoutMs: options.timeoutMs ?? 2000,
    clock,
    ...(options.reportProblem ? { reportProblem: options.reportProblem } : {}),
  });
  return {
    server,
    clock,
    source,
    give: async (campaigns) => {
      server.campaigns.push(...campaigns.map((c) => mailerLiteRecord(c)));
    },
    close: () => server.close(),
  };
}

campaignSourceContract('MailerLiteCampaignSource against a local MailerLite API', () => mailerLiteHarness({ timeoutMs: 1000 }), [
  {
    name: 'a refused API key (401)',
    statusText: 'Unauthorized',
    cause: (h) => h.server.failWith({ kind: 'status', status: 401, body: '{"message":"Unauthenticated."}' }),
  },
  {
    name: 'too many requests (429)',
    statusText: 'Too Many Requests',
    cause: (h) => h.server.failWith({ kind: 'status', status: 429, headers: { 'retry-after': '30' }, body: '{"message":"Too Many Attempts."}' }),
  },
  { name: 'a server error (500)', statusText: 'Internal Server Error', cause: (h) => h.server.failWith({ kind: 'status', status: 500 }) },
  { name: 'a body that is not JSON', statusText: 'Invalid response', cause: (h) => h.server.failWith({ kind: 'not-json', body: '<html>Maintenance</html>' }) },
  { name: 'an answer slower than the timeout', statusText: 'Timed out', cause: (h) => h.server.failWith({ kind: 'slow', delayMs: 5000 }) },
  {
    name: 'a service that is not listening',
    statusText: 'Service unreachable',
    cause: async (h) => {
      await h.server.close();
    },
  },
]);

describe('MailerLiteCampaignSource specifics', () => {
  let h: MailerLiteHarness;
  beforeEach(async () => {
    h = await mailerLiteHarness({ cacheMs: 5 * 60_000 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('asks for sent campaigns with the Bearer API key and JSON, as MailerLite documents', async () => {
    await h.source.listRecent();
    expect(h.server.requests).toHaveLength(1);
    const [request] = h.server.requests;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/campaigns');
    expect(request.query.get('filter[status]')).toBe('sent');
    expect(request.query.get('limit')).toBe('25');
    expect(request.headers.authorization).toBe(`Bearer ${h.server.apiKey}`);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['x-version']).toBe(MAILERLITE_API_VERSION);
    expect(MAILERLITE_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows only sent campaigns: drafts and ready ones at MailerLite stay hidden', async () => {
    h.server.campaigns.push(
      mailerLiteRecord({ id: 'draft', subject: 'Draft', finished_at: null, preview_url: null }, { status: 'draft' }),
      mailerLiteRecord({ id: 'ready', subject: 'Ready', finished_at: null, preview_url: null }, { status: 'ready' }),
      mailerLiteRecord({ id: 'sent', subject: 'Sent', finished_at: '2026-05-01T10:00:00.000Z', preview_url: null }),
    );
    expect((await h.source.listRecent()).map((c) => c.id)).toEqual(['sent']);
  });

  it("reads the subject and preview from the first e-mail and MailerLite's UTC dates", async () => {
    h.server.campaigns.push({
      id: '61706700654118223',
      name: 'may-newsletter (internal)',
      status: 'sent',
      finished_at: '2026-05-14 17:05:09',
      emails: [{ subject: 'May newsletter: crewing evening', preview_url: 'https://preview.mailerlite.io/emails/webview/1/61706700654118223' }],
    });
    expect(await h.source.listRecent()).toEqual([
      {
        id: '61706700654118223',
        subject: 'May newsletter: crewing evening',
        finished_at: '2026-05-14T17:05:09.000Z',
        preview_url: 'https://preview.mailerlite.io/emails/webview/1/61706700654118223',
      },
    ]);
  });

  it("falls back to the campaign's name without a subject, and refuses preview links that are not web pages", async () => {
    h.server.campaigns.push(
      { id: 'a', name: 'AGM notice', status: 'sent', finished_at: '2026-05-02 09:00:00', emails: [{ subject: '  ', preview_url: 'javascript:alert(1)' }] },
      { id: 'b', name: 'No e-mails', status: 'sent', finished_at: '2026-05-01 09:00:00', emails: [] },
      { id: 'c', name: 'Odd date', status: 'sent', finished_at: '2026-02-31 09:00:00', emails: [{ subject: 'Odd', preview_url: 'not a url' }] },
    );
    expect(await h.source.listRecent()).toEqual([
      { id: 'a', subject: 'AGM notice', finished_at: '2026-05-02T09:00:00.000Z', preview_url: null },
      { id: 'b', subject: 'No e-mails', finished_at: '2026-05-01T09:00:00.000Z', preview_url: null },
      { id: 'c', subject: 'Odd', finished_at: null, preview_url: null },
    ]);
  });

  it('skips an item it cannot read instead of failing the whole page', async () => {
    h.server.campaigns.push(
      { name: 'no id', status: 'sent', finished_at: '2026-05-02 09:00:00', emails: [] } as unknown as MailerLiteCampaignRecord,
      mailerLiteRecord({ id: 'ok', subject: 'Readable', finished_at: '2026-05-01T09:00:00.000Z', preview_url: null }),
    );
    expect((await h.source.listRecent()).map((c) => c.id)).toEqual(['ok']);
  });

  it('reuses an answer for the cache time, then asks again', async () => {
    await h.give([{ id: 'one', subject: 'One', finished_at: '2026-05-01T09:00:00.000Z', preview_url: null }]);
    expect((await h.source.listRecent()).map((c) => c.id)).toEqual(['one']);
    await h.give([{ id: 'two', subject: 'Two', finished_at: '2026-05-20T09:00:00.000Z', preview_url: null }]);
    h.clock.advance(5 * 60_000 - 1);
    expect((await h.source.listRecent()).map((c) => c.id)).toEqual(['one']);
    expect(h.server.requests).toHaveLength(1);
    h.clock.advance(1);
    expect((await h.source.listRecent()).map((c) => c.id)).toEqual(['two', 'one']);
    expect(h.server.requests).toHaveLength(2);
  });

  it('sends one request for page views that arrive together', async () => {
    await h.give([{ id: 'one', subject: 'One', finished_at: '2026-05-01T09:00:00.000Z', preview_url: null }]);
    const answers = await Promise.all([h.source.listRecent(), h.source.listRecent(), h.source.listRecent()]);
    expect(answers.map((a) => a.map((c) => c.id))).toEqual([['one'], ['one'], ['one']]);
    expect(h.server.requests).toHaveLength(1);
  });

  it('does not keep a failure: the next page view asks again and succeeds', async () => {
    await h.give([{ id: 'one', subject: 'One', finished_at: '2026-05-01T09:00:00.000Z', preview_url: null }]);
    h.server.failWith({ kind: 'status', status: 503 });
    await expect(h.source.listRecent()).rejects.toThrow('Failed to fetch communications: Service Unavailable');
    h.server.failWith(null);
    expect((await h.source.listRecent()).map((c) => c.id)).toEqual(['one']);
    expect(h.server.requests).toHaveLength(2);
  });

  it('with a cache time of 0 asks MailerLite on every read', async () => {
    const uncached = await mailerLiteHarness({ cacheMs: 0 });
    try {
      await uncached.source.listRecent();
      await uncached.source.listRecent();
      expect(uncached.server.requests).toHaveLength(2);
    } finally {
      await uncached.close();
    }
  });

  it('reports a wrong API key as Unauthorized, the answer the real API gives', async () => {
    const reported: string[] = [];
    const wrongKey = await mailerLiteHarness({ apiKey: 'not-the-key', reportProblem: (m) => reported.push(m) });
    try {
      const error = await wrongKey.source.listRecent().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as Error).message).toBe('Failed to fetch communications: Unauthorized');
      // The log says plainly what to fix; members see only the spec's message.
      expect(reported).toEqual([MAILERLITE_KEY_REFUSED]);
      expect(MAILERLITE_KEY_REFUSED).toContain('MailerLite Classic');
    } finally {
      await wrongKey.close();
    }
  });

  it('refuses to start without an API key', () => {
    expect(() => new MailerLiteCampaignSource({ apiKey: ' ', clock: h.clock })).toThrow('needs an API key');
  });
});

describe('parseMailerLiteInstant', () => {
  it("reads MailerLite's zone-less UTC text and ISO text with a zone; anything else is null", () => {
    expect(parseMailerLiteInstant('2022-07-26 15:12:17')).toBe('2022-07-26T15:12:17.000Z');
    expect(parseMailerLiteInstant('2022-07-26T15:12:17.250')).toBe('2022-07-26T15:12:17.250Z');
    expect(parseMailerLiteInstant('2022-07-26T16:12:17+01:00')).toBe('2022-07-26T15:12:17.000Z');
    for (const bad of [null, undefined, '', 'yesterday', '2022-13-01 00:00:00', '2022-02-30 10:00:00', '1658848337']) {
      expect(parseMailerLiteInstant(bad)).toBeNull();
    }
  });
});
