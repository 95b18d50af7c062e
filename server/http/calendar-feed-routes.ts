import { z } from 'zod';
import { CALENDAR_FEED_PATH } from '../../core/shared/paths';
import { GetCalendarFeed } from '../../core/calendar/get-calendar-feed';
import type { AppContainer } from '../container';
import { SENT, type ApiRoutes } from './api-routes';
import type { CalendarFeedCache } from './calendar-feed-cache';

/**
 * GET /calendar.ics: the club's calendar for calendar apps to subscribe to (webcal://). Outside
 * /api, at a plain address people paste into their calendar; it reads no input (a query string is
 * ignored) and answers 304 to a request whose If-None-Match or If-Modified-Since still matches.
 */
export function registerCalendarFeedRoute(routes: ApiRoutes, ports: AppContainer, feedCache: CalendarFeedCache): void {
  routes.add({
    method: 'get',
    path: CALENDAR_FEED_PATH,
    operationId: 'getCalendarFeed',
    summary:
      'The club calendar as an iCalendar feed to subscribe to: events of the last 3 months and all later ones, ' +
      'each with a stable UID, SEQUENCE, LAST-MODIFIED, STATUS (CANCELLED when called off) and its booking page; ' +
      'ETag and Last-Modified, 304 when unchanged',
    tag: 'events',
    access: 'public',
    responses: {
      200: { description: 'The feed (text/calendar)', schema: z.string().describe('iCalendar text (RFC 5545)'), contentType: 'text/calendar' },
      304: { description: 'Not modified: If-None-Match (or, without it, If-Modified-Since) matches the current feed' },
    },
    handler: async ({ req, res }) => {
      const feed = await feedCache.feed(() => ports.useCase(GetCalendarFeed).execute());
      res.setHeader('ETag', feed.etag);
      res.setHeader('Last-Modified', feed.lastModifiedHttp);
      // Shared caches may keep it, but must ask again each time: a 304 is cheap, a stale event is not.
      res.setHeader('Cache-Control', 'public, no-cache');
      // Express's freshness check (the `fresh` package): If-None-Match wins over If-Modified-Since;
      // a value that names no ETag or no date is simply not a match.
      if (req.fresh) {
        res.status(304).end();
        return SENT;
      }
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', 'inline; filename="calendar.ics"');
      res.setHeader('Content-Length', feed.body.length);
      res.end(req.method === 'HEAD' ? undefined : feed.body);
      return SENT;
    },
  });
}
