import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerLiteDate, startFakeMailerLiteServer, type FakeMailerLiteServer } from '../../../support/fake-mailerlite-server';
import { startTestApp, type TestApp } from '../../../support/api/test-app';

/** GET /api/campaigns with CAMPAIGNS=mailerlite, against a local server answering as MailerLite's API. */

let mailerlite: FakeMailerLiteServer;
let app: TestApp;

beforeAll(async () => {
  mailerlite = await startFakeMailerLiteServer();
  mailerlite.campaigns.push(
    {
      id: '101',
      name: 'March newsletter (internal name)',
      status: 'sent',
      finished_at: mailerLiteDate('2026-03-20T17:30:00Z'),
      emails: [{ subject: 'Fitting-out weekend', preview_url: 'https://preview.mailerlite.example/101' }],
    },
    { id: '102', name: 'May news', status: 'sent', finished_at: mailerLiteDate('2026-05-02T08:00:00Z'), emails: [{ subject: '', preview_url: null }] },
    { id: '103', name: 'Not sent yet', status: 'draft', finished_at: null, emails: [{ subject: 'Draft', preview_url: null }] },
  );
  app = await startTestApp({
    // No cache, so each request below reaches the fake and its failures show at once.
    env: { CAMPAIGNS: 'mailerlite', MAILERLITE_API_KEY: mailerlite.apiKey, MAILERLITE_BASE_URL: mailerlite.baseUrl, MAILERLITE_CACHE_SECONDS: '0' },
  });
});
afterAll(async () => {
  await app?.dispose();
  await mailerlite?.close();
});

describe('GET /api/campaigns from MailerLite', () => {
  it('lists the sent campaigns newest first, with the subject (or name) and preview link', async () => {
    const res = await app.agent().get('/api/campaigns');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaigns: [
        { id: '102', subject: 'May news', finished_at: '2026-05-02T08:00:00.000Z', preview_url: null },
        { id: '101', subject: 'Fitting-out weekend', finished_at: '2026-03-20T17:30:00.000Z', preview_url: 'https://preview.mailerlite.example/101' },
      ],
    });
    const asked = mailerlite.requests.at(-1)!;
    expect(asked.query.get('filter[status]')).toBe('sent');
    expect(asked.headers.authorization).toBe(`Bearer ${mailerlite.apiKey}`);
    expect((await app.agent().get('/api/health')).body.adapters.campaigns).toBe('mailerlite');
  });

  it('answers 502 "Failed to fetch communications: …" when MailerLite fails, and recovers', async () => {
    mailerlite.failWith({ kind: 'status', status: 401, body: JSON.stringify({ message: 'Unauthenticated.' }) });
    const unauthorized = await app.agent().get('/api/campaigns');
    expect(unauthorized.status).toBe(502);
    expect(unauthorized.body).toEqual({ error: 'Failed to fetch communications: Unauthorized' });
    mailerlite.failWith({ kind: 'status', status: 503 });
    expect((await app.agent().get('/api/campaigns')).body).toEqual({ error: 'Failed to fetch communications: Service Unavailable' });
    mailerlite.failWith({ kind: 'not-json', body: '<html>Maintenance</html>' });
    expect((await app.agent().get('/api/campaigns')).body).toEqual({ error: 'Failed to fetch communications: Invalid response' });
    mailerlite.failWith(null);
    const again = await app.agent().get('/api/campaigns');
    expect(again.status).toBe(200);
    expect(again.body.campaigns).toHaveLength(2);
  });
});
