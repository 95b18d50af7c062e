import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

/**
 * Serves the built web app: hashed files under /assets are cached for a year (their names change
 * with their content), everything else is revalidated, and any other GET that is not an API call
 * gets index.html so deep links (/event-booking?id=..., /admin/events/edit/...) load the app.
 */
export function staticSite(webRoot: string): Router {
  const root = resolve(webRoot);
  const router = express.Router();
  router.use(
    '/assets',
    express.static(join(root, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  router.use(express.static(root, { index: false, maxAge: 0 }));
  const spaFallback: RequestHandler = (req, res, next) => {
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
    res.sendFile(index);
  };
  router.use(spaFallback);
  return router;
}
