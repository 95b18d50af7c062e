import { z } from 'zod';
import { CALENDAR_FEED_PATH, MEMBER_CALENDAR_FEED_PREFIX } from '../../../core/shared/paths';
import { GetMyCalendarFeed } from '../../../core/my-club/my-calendar-feed';
import { GetCalendarFeed } from '../../../core/calendar/get-calendar-feed';
import type { AppContainer } from '../../container';
import { SENT, type ApiRoutes } from '../../http/api-routes';
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

const MemberFeedParamsSchema = z.object({ secret: z.string().min(1).max(200) });

/**
 * GET /calendar/my/<secret>.ics: a member's private feed (docs/my-club.md#my-calendar-feed). The
 * secret is the key: an address that opens nothing answers 404 (as after a reset). Never kept by a
 * shared cache, and never logged with its secret (server/log-redaction.ts).
 */
export function registerMemberCalendarFeedRoute(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: `${MEMBER_CALENDAR_FEED_PREFIX}:secret.ics`,
    operationId: 'getMyCalendarFeed',
    summary:
      "A member's private iCalendar feed, named by its secret (made and reset on My club): their bookings and work-day jobs " +
      'of the last 3 months and later, each with a stable UID of its own; a cancelled booking leaves it',
    tag: 'my club',
    access: 'public',
    params: MemberFeedParamsSchema,
    responses: {
      200: { description: 'The feed (text/calendar)', schema: z.string().describe('iCalendar text (RFC 5545)'), contentType: 'text/calendar' },
      404: { description: '"Calendar feed not found": never given, reset since, or its member disabled' },
    },
    handler: async ({ params, req, res }) => {
      const body = Buffer.from(await ports.useCase(GetMyCalendarFeed).execute(params.secret), 'utf8');
      // Personal: only the subscriber's own client may keep it, and must ask again each time.
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('X-Robots-Tag', 'noindex');
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', 'inline; filename="my-calendar.ics"');
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
      return SENT;
    },
  });
}
