import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger';
import { startTestApp } from '../../support/api/test-app';

// A built web app at its smallest: the pages are index.html.
const webRoot = mkdtempSync(join(tmpdir(), 'kyc-web-logs-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>Members Area</title></head><body><div id="root"></div></body></html>');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

/** Every address that carries a capability secret, each secret different so a leak names itself. */
const CAPABILITY_ADDRESSES = [
  '/my-booking?token=SECRET-manage-page',
  '/api/my-booking?token=SECRET-manage-api',
  '/admin/reset-password?token=SECRET-reset-page',
  '/event-booking?id=e1&offer=SECRET-offer-page',
  '/event-booking?id=e1&booked=SECRET-receipt-page',
  '/event-booking?id=e1&payment=pending&checkoutId=SECRET-checkout-page',
  '/waiting-list?token=SECRET-leave-page',
  '/work-day-withdraw?token=SECRET-withdraw-page',
  '/api/waiting-list/offer?token=SECRET-offer-api',
  '/api/payments/checkouts/SECRET-checkout-api',
  '/api/my-booking?id=1&TOKEN=SECRET-upper-case&token=SECRET-twice',
  '/api/my-booking?%74oken=SECRET-encoded-name',
  // A member's private calendar feed: the secret is in the path (an unknown one answers 404, a warning).
  '/calendar/my/SECRET-member-feed.ics',
];

async function logsOf(logLevel: 'info' | 'warn') {
  const lines: string[] = [];
  const logger = createLogger({ logLevel }, { write: (line: string) => void lines.push(line) });
  const app = await startTestApp({ build: { webRoot, logger } });
  const statuses: Record<string, number> = {};
  try {
    for (const address of CAPABILITY_ADDRESSES) {
      const res = await app.agent().get(address).set('Referer', `${app.baseUrl}/my-booking?token=SECRET-referer`).set('Cookie', 'kyc_session=SECRET-cookie');
      statuses[address] = res.status;
    }
    statuses['/admin/forgot-password'] = (await app.agent().get('/admin/forgot-password')).status;
  } finally {
    await app.dispose();
  }
  return { text: lines.join(''), statuses };
}

describe('the request log keeps no capability secret', () => {
  it('at info level: every request is logged, its address and query without the token, offer, receipt or checkout', async () => {
    const { text } = await logsOf('info');
    expect(text).not.toMatch(/SECRET/);
    // The requests are there, with the secret's place marked.
    expect(text).toContain('"url":"/my-booking?token=[redacted]"');
    expect(text).toContain('"url":"/api/payments/checkouts/[redacted]"');
    expect(text).toContain('"url":"/calendar/my/[redacted]"');
    expect(text).toContain('"url":"/event-booking?id=e1&payment=pending&checkoutId=[redacted]"');
    expect(text).toContain('"token":"[redacted]"');
  });

  it('at warn level: the refused requests are logged without their secrets', async () => {
    const { text } = await logsOf('warn');
    expect(text).not.toMatch(/SECRET/);
    expect(text).toContain('"url":"/api/my-booking?token=[redacted]"');
    expect(text).toContain('"url":"/calendar/my/[redacted]"');
  });

  it('answers the admin password pages 200, as every page the app has', async () => {
    const { statuses } = await logsOf('warn');
    expect(statuses['/admin/reset-password?token=SECRET-reset-page']).toBe(200);
    expect(statuses['/admin/forgot-password']).toBe(200);
    expect(statuses['/my-booking?token=SECRET-manage-page']).toBe(200);
  });
});
