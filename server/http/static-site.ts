import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { ADMIN_ROUTES } from '../../core/domain/permissions';
import { isAppPagePath } from '../../core/paths';
import { pageHtml, webFirstPaint } from './page-preloads';
import type { FirstReadAnswer } from './first-reads';
import type { Logger } from 'pino';

/** The compressed copies the build writes beside each text asset (web/vite.config.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** A built asset's name: one path segment, no dot before its extension, so never outside the folder. */
const ASSET_PATH = /^\/[\w-]+\.(?:js|css|svg|json|txt|map)$/;

/**
 * Sends the build's Brotli or gzip copy of an asset to a browser that accepts it: a third of the
 * bytes on the wire, and no compressing on each request. Anything else falls through to the
 * plain file.
 */
function precompressedAssets(assetsDir: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !ASSET_PATH.test(req.path)) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    for (const { encoding, suffix } of PRECOMPRESSED) {
      const file = join(assetsDir, `${req.path}${suffix}`);
      if (!req.acceptsEncodings(encoding) || !existsSync(file)) continue;
      res.setHeader('Content-Encoding', encoding);
      res.type(extname(req.path));
      res.sendFile(file, { immutable: true, maxAge: '365d' }, (error) => {
        if (error) next(error);
      });
      return;
    }
    next();
  };
}

/**
 * Serves the built web app: hashed files under /assets are cached for a year (their names change
 * with their content), everything else is revalidated, and any other GET that is not an API call
 * gets index.html so deep links (/event-booking?id=..., /admin/events/edit/...) load the app.
 * An address the app has no page for (core/paths.ts, the list its router is built from) still
 * gets the app, which shows Page Not Found, but with status 404, so that search engines and link
 * checkers see it as missing. /index.html, the file behind every page, sends the browser home.
 * A members' page's index.html names that page's code and first API read (page-preloads.ts); with
 * `firstReads`, the reads the server answers itself come inside the page, with its first screen.
 */
export function staticSite(webRoot: string, firstReads?: { answer: FirstReadAnswer; logger: Logger }): Router {
  const root = resolve(webRoot);
  const router = express.Router();
  router.use(
    '/assets',
    precompressedAssets(join(root, 'assets')),
    express.static(join(root, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  router.get('/index.html', (req, res) => {
    const query = req.originalUrl.indexOf('?');
    res.redirect(301, query === -1 ? '/' : `/${req.originalUrl.slice(query)}`);
  });
  // Browsers ask for /favicon.ico where a page names no icon of its own (a document's PDF in its
  // tab): the club's mark (web/public/favicon.svg), not the app's Page Not Found.
  router.get('/favicon.ico', (_req, res, next) => {
    const icon = join(root, 'favicon.svg');
    if (!existsSync(icon)) {
      next();
      return;
    }
    res.type('image/svg+xml').sendFile(icon, { maxAge: '1d' }, (error) => {
      if (error) next(error);
    });
  });
  router.use(express.static(root, { index: false, maxAge: 0 }));
  const htmlFor = pageHtml(root, firstReads ? { ...firstReads, draw: webFirstPaint } : {});
  const spaFallback: RequestHandler = async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/') || req.path === '/api') {
      next();
      return;
    }
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app has not been built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (!isAppPagePath(req.path, ADMIN_ROUTES)) res.status(404);
    // The page's own code and first API read are named in its head (page-preloads.ts).
    const query = req.originalUrl.indexOf('?');
    const html = await htmlFor(req.path, new URLSearchParams(query === -1 ? '' : req.originalUrl.slice(query + 1)));
    res.type('html').send(html);
  };
  router.use(spaFallback);
  return router;
}
