import { describe, expect, it } from 'vitest';
import { CALENDAR_FEED_MS, CalendarFeedCache } from '../../../../server/features/events/calendar-feed-cache';

function setup() {
  let now = Date.UTC(2026, 5, 1, 9, 0, 0, 250);
  let builds = 0;
  let text = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
  const cache = new CalendarFeedCache(() => now);
  return {
    cache,
    feed: () =>
      cache.feed(async () => {
        builds += 1;
        return text;
      }),
    builds: () => builds,
    advance: (ms: number) => (now += ms),
    setText: (next: string) => (text = next),
  };
}

describe('CalendarFeedCache', () => {
  it('builds the feed once for its lifetime, dated to the second it was first built', async () => {
    const t = setup();
    const first = await t.feed();
    expect(first.lastModified.toISOString()).toBe('2026-06-01T09:00:00.000Z');
    t.advance(CALENDAR_FEED_MS - 1);
    expect(await t.feed()).toBe(first);
    expect(t.builds()).toBe(1);
    t.advance(1);
    await t.feed();
    expect(t.builds()).toBe(2);
  });

  it('keeps the ETag and Last-Modified of a rebuild that gives the same text', async () => {
    const t = setup();
    const first = await t.feed();
    t.advance(5 * CALENDAR_FEED_MS);
    t.cache.changed();
    const again = await t.feed();
    expect(t.builds()).toBe(2);
    expect(again.etag).toBe(first.etag);
    expect(again.lastModified).toEqual(first.lastModified);
  });

  it('gives a changed text a new ETag and a later Last-Modified, even within the same second', async () => {
    const t = setup();
    const first = await t.feed();
    t.setText('BEGIN:VCALENDAR\r\nX-CHANGED:1\r\nEND:VCALENDAR\r\n');
    t.cache.changed();
    const second = await t.feed();
    expect(second.etag).not.toBe(first.etag);
    expect(second.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(second.lastModified.getTime()).toBe(first.lastModified.getTime() + 1000);
    // Back to the first text: its ETag again (it names the text), but a newer date.
    t.setText('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    t.cache.changed();
    const third = await t.feed();
    expect(third.etag).toBe(first.etag);
    expect(third.lastModified.getTime()).toBeGreaterThan(second.lastModified.getTime());
  });
});
