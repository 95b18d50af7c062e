import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { CalendarAnswerCache } from './calendar-answer-cache';

/**
 * How long the feed's text stands when nothing was written through the API. Longer than the
 * calendar page's answer: the feed does not show places left, only the events, and calendar
 * apps ask for it every few hours at most. It covers what changes without a request: the
 * feed's start moving on at midnight, and writes by other processes (the admin command line).
 */
export const CALENDAR_FEED_MS = 60_000;

/** One built feed with what conditional requests compare. */
export interface CalendarFeed {
  text: string;
  /** The text as UTF-8, encoded once for every request that sends it. */
  body: Buffer;
  /** A strong validator from the text alone: the same calendar gives the same ETag on any server, after any restart. */
  etag: string;
  /** When this server first built this exact text (to the second; HTTP dates have no milliseconds). */
  lastModified: Date;
  /** lastModified as an HTTP date, written once. */
  lastModifiedHttp: string;
}

/**
 * The calendar feed (GET /calendar.ics), built once and shared until something changes: every
 * finished state-changing API request makes the next request rebuild it (CalendarAnswerCache),
 * and so does its lifetime running out. A rebuild that gives the same text keeps its ETag and
 * its Last-Modified, so calendar apps that ask again get 304 Not Modified.
 */
export class CalendarFeedCache {
  private readonly texts: CalendarAnswerCache;
  private current: CalendarFeed | null = null;

  constructor(private readonly now: () => number) {
    this.texts = new CalendarAnswerCache(now, CALENDAR_FEED_MS);
  }

  /** Express middleware: counts finished state-changing requests. */
  get watchWrites(): RequestHandler {
    return this.texts.watchWrites;
  }

  changed(): void {
    this.texts.changed();
  }

  async feed(build: () => Promise<string>): Promise<CalendarFeed> {
    const text = await this.texts.answer(build, (t) => t);
    const current = this.current;
    if (current !== null && current.text === text) return current;
    const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
    // Two texts built within one second get different dates, so If-Modified-Since tells them apart.
    const second = Math.max(Math.floor(this.now() / 1000) * 1000, current === null ? 0 : current.lastModified.getTime() + 1000);
    const lastModified = new Date(second);
    const next = { text, body: Buffer.from(text, 'utf8'), etag, lastModified, lastModifiedHttp: lastModified.toUTCString() };
    this.current = next;
    return next;
  }
}
