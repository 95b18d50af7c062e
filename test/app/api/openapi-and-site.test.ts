import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/api/test-app';
import { useTestApp } from '../../support/api/use-test-app';

const webRoot = mkdtempSync(join(tmpdir(), 'kyc-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Members Area</title><div id="root"></div>');
writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(webRoot, 'assets', 'app-def456.js'), 'console.log("plain")');
writeFileSync(join(webRoot, 'assets', 'app-def456.js.br'), brotliCompressSync('console.log("plain")'));
writeFileSync(join(webRoot, 'assets', 'app-def456.js.gz'), gzipSync('console.log("plain")'));
writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let app: TestApp;
useTestApp({ build: { webRoot } }, (started) => {
  app = started;
});
afterAll(() => {
  rmSync(webRoot, { recursive: true, force: true });
});

/** Every "`METHOD /api/...`" (and the calendar feed) of docs/api.md, with :params turned into {params}. */
function documentedEndpoints(): string[] {
  const text = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const found = [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*|\/calendar\.ics|\/calendar\/my\/:secret\.ics)[^`]*`/g)].map(
    ([, method, path]) => `${method.toLowerCase()} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`,
  );
  return [...new Set(found)].sort();
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists exactly the endpoints of docs/api.md', async () => {
    const res = await app.agent().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const listed = Object.entries(res.body.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
      .sort();
    const documented = documentedEndpoints();
    expect(documented.length).toBeGreaterThanOrEqual(30);
    expect(listed).toEqual(documented);
  });

  it('lists every route the server declares, with its request schemas and security', async () => {
    const doc = (await app.agent().get('/api/openapi.json')).body;
    const operationIds: string[] = [];
    for (const route of app.built.routes) {
      const name = `${route.method} ${route.path}`;
      const operation = doc.paths[route.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method];
      expect(operation, name).toBeDefined();
      // Signing in and out and resetting a password need no session; every other admin route does.
      const admin = route.path.startsWith('/api/admin/');
      const needsSession = admin && route.path !== '/api/admin/session' && !route.path.startsWith('/api/admin/password-reset');
      const signedIn = route.method === 'get' && route.path === '/api/admin/session';
      // A member's own records (/api/my/...), passkeys and signing out everywhere need a member session.
      const memberOnly = route.path.startsWith('/api/my/') || route.path.startsWith('/api/member/passkeys') || route.path === '/api/member/sign-out-everywhere';
      expect(operation.security, name).toEqual(needsSession || signedIn ? [{ sessionCookie: [] }] : memberOnly ? [{ memberSessionCookie: [] }] : []);
      if (memberOnly) expect(operation.responses['401']?.description, name).toBe('No member signed in ("Please sign in")');
      // A camelCase name for clients, "admin..." for the admin routes.
      expect(operation.operationId, name).toMatch(admin ? /^admin[A-Z][A-Za-z0-9]*$/ : /^(?!admin)[a-z][A-Za-z0-9]*$/);
      operationIds.push(operation.operationId);
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);
    const booking = doc.paths['/api/bookings'].post;
    const bookingSchema = booking.requestBody.content['application/json'].schema;
    expect(Object.keys(bookingSchema.properties ?? {})).toEqual(expect.arrayContaining(['eventId', 'firstName', 'lastName', 'numberAttending', 'email']));
    expect(Object.keys(booking.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409', '429']));
    expect(booking.responses['429'].description).toContain('BOOKING_LIMIT_PER_MINUTE');
    const query = doc.paths['/api/water-levels'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(query).toEqual(['query:from', 'query:to']);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'kyc_session' });
    expect(doc.components.securitySchemes.memberSessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'kyc_member' });
  });
});

describe('web app and security headers', () => {
  it('serves index.html for deep links so the app can route them', async () => {
    for (const path of ['/', '/calendar', '/event-booking?id=abc&payment=pending&checkoutId=x', '/admin/events/edit/e1', '/admin/login']) {
      const res = await app.agent().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
      // Revalidated every time, and never kept by a shared cache: a page comes with its data,
      // a member's own booking included (ADR 29).
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('answers 404 (still with the app, which shows Page Not Found) for an address no page has; /index.html goes home', async () => {
    for (const path of ['/no-such-page', '/calendar/extra', '/event-booking/x', '/admin/nope', '/admin/events/edit', '/index.htm']) {
      const res = await app.agent().get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
    }
    // The router reads letter case and a trailing slash loosely; so does the server.
    for (const path of ['/Calendar', '/news/', '/my-booking?token=x', '/work-day-booking', '/admin', '/admin/bookings/e1', '/admin/booking/b1/']) {
      expect((await app.agent().get(path)).status, path).toBe(200);
    }
    // A tab that names no icon (a PDF) asks for /favicon.ico: the club's mark, not a 404.
    const icon = await app.agent().get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body.toString()).toContain('<svg');
    const index = await app.agent().get('/index.html?utm_source=x');
    expect(index.status).toBe(301);
    expect(index.headers.location).toBe('/?utm_source=x');
    expect((await app.agent().get('/index.html')).headers.location).toBe('/');
  });

  it('caches hashed assets for a year and answers a missing asset with 404, not the app', async () => {
    const asset = await app.agent().get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.agent().get('/assets/nope.js');
    expect(missing.status).toBe(404);
    expect((await app.agent().get('/favicon.svg')).status).toBe(200);
  });

  it("sends the build's Brotli or gzip copy of an asset to a browser that takes it, else the plain file", async () => {
    const br = await app.agent().get('/assets/app-def456.js').set('Accept-Encoding', 'br, gzip');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.text).toBe('console.log("plain")');
    const gz = await app.agent().get('/assets/app-def456.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe('console.log("plain")');
    const plain = await app.agent().get('/assets/app-def456.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('console.log("plain")');
    // A path that climbs out of /assets is refused, never served.
    expect((await app.agent().get('/assets/..%2Findex.html').set('Accept-Encoding', 'br')).status).toBe(403);
  });

  it('sends a strict content security policy and the other helmet headers', async () => {
    const res = await app.agent().get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect((await app.agent().get('/api/health')).headers['content-security-policy']).toBe(csp);
  });

  it('does not serve the app for API paths or for non-GET requests', async () => {
    expect((await app.agent().get('/api/unknown/deep/link')).body).toEqual({ error: 'Not found' });
    expect((await app.agent().post('/calendar')).status).toBe(404);
  });

  it('says how to build the web app when it is missing', async () => {
    const bare = await startTestApp({ build: { webRoot: join(webRoot, 'does-not-exist') } });
    try {
      const res = await bare.agent().get('/calendar');
      expect(res.status).toBe(503);
      expect(res.text).toContain('npm run build');
    } finally {
      await bare.dispose();
    }
  });
});
