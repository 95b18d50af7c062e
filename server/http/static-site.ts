import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { ADMIN_ROUTES } from '../../core/admins/permissions';
import { isAppPagePath, pageOf } from '../../core/shared/paths';
import { memberPages } from './member-pages';
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
 * The page's address as the browser has it: this server's origin as the request names it (a Host
 * that is not a host name counts as localhost), with the request's path and query.
 */
function pageUrl(req: Request): URL {
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${req.get('host') ?? 'localhost'}`);
  } catch {
    url = new URL(`${req.protocol}://localhost`);
  }
  const query = req.originalUrl.indexOf('?');
  url.pathname = req.path;
  url.search = query === -1 ? '' : req.originalUrl.slice(query);
  return url;
}

/**
 * Serves the built web app: hashed files under /assets are cached for a year (their names change
 * with their content), everything else (pages, /sw.js, the manifest) is sent with `no-cache`, asked again on every visit, and any other GET that is not an API call
 * gets index.html so deep links (/event-booking?id=..., /admin/events/edit/...) load the app.
 * An address the app has no page for (core/shared/paths.ts, the list its router is built from) still
 * gets the app, which shows Page Not Found, but with status 404, so that search engines and link
 * checkers see it as missing. /index.html, the file behind every page, sends the browser home.
 * A members' page comes drawn, with its data and its code's preloads (member-pages.ts); the
 * admin panel's pages are drawn in the browser.
 */
export function staticSite(webRoot: string, pages: { readInPage: (path: string) => Promise<string | undefined>; logger: Logger }): Router {
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
  // The build's other files (the service worker, the web app manifest, offline.html, the install
  // icons) keep their names from build to build: asked again on every visit (a 304 when unchanged),
  // so a new build's service worker is found at once and the app never sticks on an old version.
  router.use(express.static(root, { index: false, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') }));
  const members = memberPages(root, pages.readInPage, pages.logger);
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
    // A page may hold a member's own booking (its link's token is the key): never kept by a shared cache.
    res.setHeader('Cache-Control', 'private, no-cache');
    if (!isAppPagePath(req.path, ADMIN_ROUTES)) res.status(404);
    if (pageOf(req.path) === '/admin' || req.path.toLowerCase().startsWith('/admin/')) {
      res.type('html').send(members.undrawn());
      return;
    }
    const answer = await members.answer(pageUrl(req));
    if ('redirect' in answer) {
      res.redirect(answer.status, answer.redirect);
      return;
    }
    // The same drawing has the same tag (its gzip copy a tag of its own): a browser that has it gets 304.
    res.vary('Accept-Encoding');
    const gzip = answer.gzip !== undefined && req.acceptsEncodings('gzip') === 'gzip' ? answer.gzip : undefined;
    if (answer.etag !== null) res.setHeader('ETag', gzip ? `${answer.etag.slice(0, -1)}-gzip"` : answer.etag);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.type('html').send(gzip ?? answer.body);
  };
  router.use(spaFallback);
  return router;
}
