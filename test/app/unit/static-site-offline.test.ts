import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { staticSite } from '../../../server/http/static-site';

// Offline (docs/offline.md): a new build is never stuck behind an old one. The service worker, the manifest and
// the pages are asked again on every visit (no-cache); the hashed assets are kept for a year.
const webRoot = mkdtempSync(join(tmpdir(), 'kyc-pwa-'));
mkdirSync(join(webRoot, 'assets'));
mkdirSync(join(webRoot, 'icons'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
);
writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(webRoot, 'workbox-abc123.js'), '// workbox');
writeFileSync(join(webRoot, 'manifest.webmanifest'), '{"name":"Members Area"}');
writeFileSync(join(webRoot, 'offline.html'), '<!doctype html><title>Offline</title>');
writeFileSync(join(webRoot, 'icons', 'icon-192.png'), 'png');
writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const app = express();
app.use(staticSite(webRoot, { readInPage: async () => undefined, logger: pino({ level: 'silent' }) }));

describe('the web app for offline use: cache headers', () => {
  it('sends the service worker, its Workbox runtime, the manifest, offline.html and the icons with no-cache', async () => {
    for (const path of ['/sw.js', '/workbox-abc123.js', '/manifest.webmanifest', '/offline.html', '/icons/icon-192.png']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends a page (the admin shell here) with no-cache, and hashed assets as immutable for a year', async () => {
    const page = await request(app).get('/admin/today');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const asset = await request(app).get('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never answers an API address with the app', async () => {
    const res = await request(app).get('/api/events');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
  });
});
