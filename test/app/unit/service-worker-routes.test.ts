import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isKeptApiRead,
  isKeptDocument,
  isKeptPage,
  keepNothingAcrossForget,
  markStoredAnswer,
  skipDownloads,
  skipNoStore,
  type RouteRequest,
} from '../../../web/src/lib/service-worker-routes';

const ORIGIN = 'https://club.example';

function req(path: string, mode = 'navigate', method = 'GET', origin = ORIGIN, headers: Record<string, string> = {}): RouteRequest {
  const url = new URL(path, origin);
  return { request: { mode, method, headers: new Headers(headers) }, url, sameOrigin: url.origin === ORIGIN };
}

/** The app's own request for a page it reached by a link (web/src/features/offline/keep-pages.ts). */
const keepRequest = (path: string, origin = ORIGIN) => req(path, 'cors', 'GET', origin, { 'X-Keep-Page': '1' });

/** Addresses the service worker must never answer with a page (docs/offline.md, the deny list). */
const DENIED_NAVIGATIONS = [
  '/api/events',
  '/api',
  '/API/documents/d1/file',
  '/api/documents/sailing-instructions/file',
  '/api/webhooks/square',
  '/calendar.ics',
  '/calendar/my/s3cr3t.ics',
  '/sign-in',
  '/sign-in?email=a%40b.org&code=123456',
  '/admin/reset-password?token=abc',
  '/event-booking?id=e1&payment=pending&checkoutId=c1',
  '/event-booking?id=e1&payment=success&checkoutId=c1',
  '/event-booking?checkoutId=c1&id=e1',
  '/sw.js',
  '/manifest.webmanifest',
  '/robots.txt',
  '/favicon.ico',
  '/assets/index-abc.js',
];

/** Members' and officers' pages that are kept per address with their data. */
const KEPT_PAGES = [
  '/',
  '/calendar',
  '/event-booking?id=e1',
  '/news',
  '/news/n1',
  '/documents',
  '/information',
  '/beginners',
  '/my',
  '/my-booking?token=t1',
  '/admin',
  '/admin/today',
];

describe('the service worker routes (docs/offline.md)', () => {
  it('keeps every page a member or officer opens, and never answers the deny list with a page', () => {
    for (const path of KEPT_PAGES) expect(isKeptPage(req(path)), path).toBe(true);
    for (const path of DENIED_NAVIGATIONS) expect(isKeptPage(req(path)), path).toBe(false);
    // Only navigations of this site, read with GET.
    expect(isKeptPage(req('/calendar', 'cors'))).toBe(false);
    expect(isKeptPage(req('/calendar', 'navigate', 'POST'))).toBe(false);
    expect(isKeptPage(req('/calendar', 'navigate', 'GET', 'https://elsewhere.example'))).toBe(false);
  });

  it('keeps a page reached by a link when the app asks for it, with the same deny list', () => {
    for (const path of KEPT_PAGES) expect(isKeptPage(keepRequest(path)), path).toBe(true);
    for (const path of DENIED_NAVIGATIONS) expect(isKeptPage(keepRequest(path)), path).toBe(false);
    expect(isKeptPage(keepRequest('/calendar', 'https://elsewhere.example'))).toBe(false);
    expect(isKeptPage(req('/calendar', 'cors', 'GET', ORIGIN, { 'X-Keep-Page': '0' }))).toBe(false);
    // Never an API read, however it is marked.
    fc.assert(
      fc.property(fc.webPath(), (rest) => {
        expect(isKeptPage(keepRequest(`/api/${rest.replace(/^\/+/, '')}`))).toBe(false);
      }),
    );
  });

  it('never keeps an answer sent no-store (pages, documents), nor a download among API reads', async () => {
    const answer = (headers: Record<string, string>) => new Response('x', { headers });
    for (const value of ['no-store', 'private, no-store', 'No-Store', 'no-cache, no-store, must-revalidate']) {
      expect(await skipNoStore.cacheWillUpdate({ response: answer({ 'Cache-Control': value }) }), value).toBeNull();
    }
    for (const value of ['private, no-cache', 'no-cache', 'public, max-age=60', 'x-no-storeish']) {
      expect(await skipNoStore.cacheWillUpdate({ response: answer({ 'Cache-Control': value }) }), value).not.toBeNull();
    }
    expect(await skipNoStore.cacheWillUpdate({ response: answer({}) })).not.toBeNull();
    expect(await skipDownloads.cacheWillUpdate({ response: answer({ 'Content-Disposition': 'attachment; filename="my-club-data.zip"' }) })).toBeNull();
    expect(await skipDownloads.cacheWillUpdate({ response: answer({ 'Content-Disposition': 'inline; filename="si.pdf"' }) })).not.toBeNull();
    expect(await skipDownloads.cacheWillUpdate({ response: answer({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }) })).not.toBeNull();
  });

  it('never takes an API address for a page, whatever follows /api/', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.constantFrom('navigate', 'cors', 'same-origin', 'no-cors'), (rest, mode) => {
        const request = req(`/api/${rest.replace(/^\/+/, '')}`, mode);
        expect(isKeptPage(request)).toBe(false);
      }),
    );
  });

  it("keeps the members' API reads and opened documents apart; never the admin panel's, webhooks or a write", () => {
    for (const path of ['/api/events', '/api/member/session', '/api/my/bookings', '/api/documents', '/api/config']) {
      expect(isKeptApiRead(req(path, 'cors')), path).toBe(true);
    }
    for (const path of ['/api/admin/events', '/api/admin', '/api/webhooks/square', '/api/documents/d1/file', '/calendar.ics', '/calendar']) {
      expect(isKeptApiRead(req(path, 'cors')), path).toBe(false);
    }
    expect(isKeptApiRead(req('/api/bookings', 'cors', 'POST'))).toBe(false);
    expect(isKeptApiRead(req('/api/events', 'navigate'))).toBe(false);
    expect(isKeptDocument(req('/api/documents/sailing-instructions/file', 'navigate'))).toBe(true);
    expect(isKeptDocument(req('/api/documents', 'cors'))).toBe(false);
  });

  it('marks what it serves from the device with the time it was stored, a page on its <html>', async () => {
    const date = 'Wed, 25 Nov 2026 14:05:00 GMT';
    const json = await markStoredAnswer.cachedResponseWillBeUsed({
      cachedResponse: new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json', Date: date } }),
    });
    expect(json?.headers.get('X-Offline-Stored-At')).toBe(date);
    expect(await json?.json()).toEqual({ ok: true });
    const page = await markStoredAnswer.cachedResponseWillBeUsed({
      cachedResponse: new Response('<!doctype html><html lang="en-GB"><body>Calendar</body></html>', {
        headers: { 'Content-Type': 'text/html; charset=utf-8', Date: date },
      }),
    });
    expect(await page?.text()).toBe(`<!doctype html><html data-offline-stored-at="${date}" lang="en-GB"><body>Calendar</body></html>`);
    expect(await markStoredAnswer.cachedResponseWillBeUsed({ cachedResponse: undefined })).toBeUndefined();
  });

  it('are written into the service worker as they stand alone (no name from outside their bodies)', () => {
    // generateSW copies each function's source: one that used an import would fail in the worker.
    for (const fn of [
      isKeptPage,
      isKeptApiRead,
      isKeptDocument,
      markStoredAnswer.cachedResponseWillBeUsed,
      skipNoStore.cacheWillUpdate,
      skipDownloads.cacheWillUpdate,
      keepNothingAcrossForget.requestWillFetch,
      keepNothingAcrossForget.cacheWillUpdate,
    ]) {
      const source = fn.toString();
      expect(source).not.toMatch(/\b(?:STORED_AT_HEADER|STORED_AT_ATTRIBUTE|CACHE_NAMES|KEEP_PAGE_HEADER|FORGET_MARK|import)\b/);
    }
    const config = readFileSync(new URL('../../../web/vite.config.ts', import.meta.url), 'utf8');
    expect(config).toMatch(/keptNetworkFirst\(isKeptPage,/);
    expect(config).toMatch(/navigateFallback: null/);
    // The first worker takes the page that installed it, so that visit's pages are kept.
    expect(config).toMatch(/clientsClaim: true/);
  });
});
