import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ClubEvent } from '../../../../core/events/event';
import { calendarSpan } from '../../../../core/events/calendar-span';
import { CALENDAR_FEED_MONTHS_BACK, calendarFeedSince, calendarFeedText, isInCalendarFeed } from '../../../../core/calendar/calendar-feed';
import { foldIcsLines, icsText, icsUid } from '../../../../core/events/ics-file';
import { startOfLondonDay } from '../../../../core/shared/london-time';
import { makeEvent, minuteInstant, minuteOfLondonDay } from '../../../support/unit/domain-fixtures';
import { readFeed, vevents } from '../../../support/ics-feed';

const LOCATION = 'Kings Yacht Club';
const OPTIONS = {
  calendarName: 'Kings Yacht Club events',
  location: LOCATION,
  eventUrl: (id: string) => `https://club.example/event-booking?id=${encodeURIComponent(id)}`,
  since: new Date('2026-03-01T00:00:00.000Z'),
};
const HOUR = 3_600_000;

// London days on which the clocks change in 2026, as UTC ranges [midnight, next midnight).
const SPRING_DAY = [Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 23)] as const; // 23 hours
const AUTUMN_DAY = [Date.UTC(2026, 9, 24, 23), Date.UTC(2026, 9, 26, 0)] as const; // 25 hours
const changeDayInstant = fc.oneof(minuteOfLondonDay(...SPRING_DAY), minuteOfLondonDay(...AUTUMN_DAY));

/** Text as admins type it: plain, or with accents, curly quotes, emoji and other scripts (several octets each). */
const text = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 80 }));
const cancellation = fc.option(fc.record({ cancelledAt: minuteInstant.map((d) => d.toISOString()), cancelReason: fc.option(text, { nil: null }) }), {
  nil: null,
});
/** Stored events as the feed may meet them: timed, all-day, undated, cancelled, revised. */
const eventArb = fc
  .record({
    start: fc.option(fc.oneof(minuteInstant, changeDayInstant), { nil: null }),
    hours: fc.option(fc.integer({ min: -2, max: 72 }), { nil: null }),
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 })),
    description: text,
    sequence: fc.nat({ max: 10_000 }),
    updatedAt: minuteInstant,
    cancellation,
  })
  .map(({ start, hours, name, description, sequence, updatedAt, cancellation }) =>
    makeEvent({
      name,
      description,
      eventdatetime: start?.toISOString() ?? null,
      eventenddatetime: start && hours !== null ? new Date(start.getTime() + hours * HOUR).toISOString() : null,
      sequence,
      updatedAt: updatedAt.toISOString(),
      cancelledAt: cancellation?.cancelledAt ?? null,
      cancelReason: cancellation?.cancelReason ?? null,
    }),
  );
/** Events with distinct ids (the repository's key). */
const distinctEvents = fc.array(eventArb, { maxLength: 8 }).map((events) => events.map((event, i) => ({ ...event, id: `evt-${i}` })));

function vevent(event: ClubEvent, feed: string) {
  const found = vevents(readFeed(feed)).find((e) => e.uid === icsUid(event.id));
  if (!found) throw new Error(`no VEVENT for ${event.id}`);
  return found;
}

/** Checks, for any events, each entry of their feed against the event it is of. */
function everyFeedEntry(check: (event: ClubEvent, entry: ReturnType<typeof vevent>) => void): void {
  fc.assert(
    fc.property(distinctEvents, (events) => {
      const feed = calendarFeedText(events, OPTIONS);
      for (const event of events.filter((e) => isInCalendarFeed(e, OPTIONS.since))) check(event, vevent(event, feed));
    }),
  );
}

describe('the calendar feed', () => {
  it('is a valid calendar holding exactly the dated events not over before its start, each once, start ascending', () => {
    fc.assert(
      fc.property(distinctEvents, (events) => {
        const feed = readFeed(calendarFeedText(events, OPTIONS));
        const expected = events.filter((e) => isInCalendarFeed(e, OPTIONS.since));
        const uids = vevents(feed).map((e) => e.uid);
        expect(new Set(uids)).toEqual(new Set(expected.map((e) => icsUid(e.id))));
        expect(uids).toHaveLength(expected.length);
        // DATE values are floating in ical.js, so the order is checked on the events' own starts.
        const byUid = new Map(events.map((e) => [icsUid(e.id), e]));
        const starts = uids.map((uid) => calendarSpan(byUid.get(uid)!)!.start.getTime());
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
        // The rule written out again: dated, and its end (else its start) not before the feed's start.
        const over = (e: ClubEvent) => Date.parse(e.eventenddatetime ?? e.eventdatetime!) < OPTIONS.since.getTime();
        expect(expected).toEqual(events.filter((e) => e.eventdatetime !== null && !over(e)));
      }),
    );
  });

  it('carries each event as its single .ics file does: same UID, revision, status, link and times', () => {
    everyFeedEntry((event, inFeed) => {
      const single = vevents(readFeed(icsText(event, LOCATION, OPTIONS.eventUrl(event.id))))[0];
      for (const name of ['uid', 'sequence', 'status', 'url', 'summary', 'description', 'location', 'dtstart', 'dtend', 'dtstamp', 'last-modified']) {
        expect(String(inFeed.component.getFirstPropertyValue(name))).toBe(String(single.component.getFirstPropertyValue(name)));
      }
    });
  });

  it('gives each entry its revision, its last change, its booking page and the club as its place', () => {
    everyFeedEntry((event, entry) => {
      expect(entry.sequence).toBe(event.sequence);
      expect(entry.component.getFirstPropertyValue('last-modified')!.toString()).toBe(
        ICAL.Time.fromJSDate(new Date(Math.floor(Date.parse(event.updatedAt) / 1000) * 1000), true).toString(),
      );
      expect(entry.component.getFirstPropertyValue('url')).toBe(OPTIONS.eventUrl(event.id));
      expect(entry.location).toBe(LOCATION);
    });
  });

  it('keeps a cancelled event, STATUS:CANCELLED and marked Cancelled with its reason; others are CONFIRMED', () => {
    everyFeedEntry((event, entry) => {
      if (event.cancelledAt !== null) {
        expect(entry.component.getFirstPropertyValue('status')).toBe('CANCELLED');
        expect(entry.summary).toBe(`Cancelled: ${event.name}`);
        if (event.cancelReason?.trim()) expect(entry.description.startsWith(`Cancelled: ${event.cancelReason.trim()}`)).toBe(true);
      } else {
        expect(entry.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
        expect(entry.summary).toBe(event.name);
      }
    });
  });

  it('gives the same bytes for the same events in any order', () => {
    fc.assert(
      fc.property(distinctEvents, fc.func(fc.integer()), (events, key) => {
        const shuffled = [...events].sort((a, b) => key(a.id) - key(b.id));
        expect(calendarFeedText(shuffled, OPTIONS)).toBe(calendarFeedText(events, OPTIONS));
      }),
    );
  });

  it('round-trips times across both clock-change nights (timed events to the second, all-day ones as London dates)', () => {
    fc.assert(
      fc.property(changeDayInstant, fc.integer({ min: 1, max: 26 * 60 }), (start, minutes) => {
        const end = new Date(start.getTime() + minutes * 60_000);
        const event = makeEvent({ eventdatetime: start.toISOString(), eventenddatetime: end.toISOString() });
        const span = calendarSpan(event)!;
        const entry = vevents(readFeed(calendarFeedText([event], { ...OPTIONS, since: new Date(0) })))[0];
        if (span.allDay) {
          expect(entry.startDate.isDate).toBe(true);
          const london = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);
          expect(entry.startDate.toString()).toBe(london(span.start));
          expect(entry.endDate.toString()).toBe(london(span.end));
        } else {
          expect(entry.startDate.toJSDate().toISOString()).toBe(start.toISOString());
          expect(entry.endDate.toJSDate().toISOString()).toBe(end.toISOString());
        }
      }),
    );
  });

  it('writes the 01:30 that happens twice in October as two different instants', () => {
    const first = makeEvent({ id: 'bst', eventdatetime: '2026-10-25T00:30:00.000Z', eventenddatetime: '2026-10-25T01:00:00.000Z' });
    const second = makeEvent({ id: 'gmt', eventdatetime: '2026-10-25T01:30:00.000Z', eventenddatetime: '2026-10-25T02:00:00.000Z' });
    const feed = calendarFeedText([second, first], OPTIONS);
    expect(vevent(first, feed).startDate.toJSDate().toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(vevent(second, feed).startDate.toJSDate().toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(feed).toContain('DTSTART:20261025T003000Z');
  });

  it('is a valid, empty calendar with its name when no event is in it', () => {
    const feed = readFeed(calendarFeedText([makeEvent({ eventdatetime: null })], OPTIONS));
    expect(vevents(feed)).toEqual([]);
    expect(feed.getFirstPropertyValue('x-wr-calname')).toBe('Kings Yacht Club events');
    expect(feed.getFirstPropertyValue('method')).toBe('PUBLISH');
  });

  it('keeps an event that began before the start but ends after it, and drops one over just before', () => {
    const since = OPTIONS.since.getTime();
    const spanning = makeEvent({
      id: 'spanning',
      eventdatetime: new Date(since - 48 * HOUR).toISOString(),
      eventenddatetime: new Date(since + HOUR).toISOString(),
    });
    const over = makeEvent({ id: 'over', eventdatetime: new Date(since - 4 * HOUR).toISOString(), eventenddatetime: new Date(since - 1).toISOString() });
    const atStart = makeEvent({ id: 'at-start', eventdatetime: new Date(since).toISOString(), eventenddatetime: null });
    const uids = vevents(readFeed(calendarFeedText([spanning, over, atStart], OPTIONS))).map((e) => e.uid);
    expect(uids).toEqual([icsUid('spanning'), icsUid('at-start')]);
  });
});

describe('the booking links', () => {
  it('carry any web address the site may have, as the URL parser writes it, in a valid file and feed', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), distinctEvents, (site, events) => {
        const eventUrl = (id: string) => `${site}${site.includes('?') ? '&' : '?'}id=${id}`;
        const feed = calendarFeedText(events, { ...OPTIONS, eventUrl });
        for (const event of events.filter((e) => isInCalendarFeed(e, OPTIONS.since))) {
          expect(vevent(event, feed).component.getFirstPropertyValue('url')).toBe(new URL(eventUrl(event.id)).href);
          const single = vevents(readFeed(icsText(event, LOCATION, eventUrl(event.id))))[0];
          expect(single.component.getFirstPropertyValue('url')).toBe(new URL(eventUrl(event.id)).href);
        }
      }),
    );
  });

  it("keep addresses the ics library's own check refused (a one-digit port, an IPv6 host) and leave out what is no web address", () => {
    const event = makeEvent({ id: 'evt-9' });
    const urlOf = (url: string) => vevents(readFeed(icsText(event, LOCATION, url)))[0].component.getFirstPropertyValue('url');
    expect(urlOf('http://localhost:0/event-booking?id=evt-9')).toBe('http://localhost:0/event-booking?id=evt-9');
    expect(urlOf('http://[::1]:3000/event-booking?id=evt-9')).toBe('http://[::1]:3000/event-booking?id=evt-9');
    expect(urlOf('not a url')).toBeNull();
    expect(urlOf('javascript:alert(1)')).toBeNull();
    const feed = calendarFeedText([event], { ...OPTIONS, eventUrl: () => 'http://localhost:0/event-booking?id=evt-9' });
    expect(vevent(event, feed).component.getFirstPropertyValue('url')).toBe('http://localhost:0/event-booking?id=evt-9');
  });
});

describe('foldIcsLines', () => {
  it('keeps every line within 75 octets without splitting a character, and unfolds to the same text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 200 }).map((s) => `X-LINE:${s.replace(/[\r\n]/g, '')}`),
          { minLength: 1, maxLength: 4 },
        ),
        (lines) => {
          const folded = foldIcsLines(`${lines.join('\r\n')}\r\n`);
          for (const line of folded.split('\r\n')) {
            expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
            // No character cut in two: each folded line is whole UTF-16 (no lone surrogate half).
            expect(line.isWellFormed()).toBe(true);
          }
          expect(folded.replace(/\r\n /g, '')).toBe(`${lines.join('\r\n')}\r\n`);
        },
      ),
    );
  });

  it('keeps a replacement character (U+FFFD) the text really has, and cuts no emoji in two', () => {
    const line = `X-LINE:${'\uFFFD😀'.repeat(30)}`;
    const folded = foldIcsLines(`${line}\r\n`);
    expect(folded.replace(/\r\n /g, '')).toBe(`${line}\r\n`);
    expect(folded.split('\r\n').every((part) => part.isWellFormed() && new TextEncoder().encode(part).length <= 75)).toBe(true);
  });

  it('folds a line of curly quotes and accents by octets, as the feed of real event text needs', () => {
    const description = `DESCRIPTION:Three-course dinner and the season’s trophies. Bookings have closed — see you at the Régate.`;
    const folded = foldIcsLines(`${description}\r\n`);
    expect(folded.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const entry = vevents(readFeed(icsText(makeEvent({ description: description.slice('DESCRIPTION:'.length) }), LOCATION)))[0];
    expect(entry.description).toBe(description.slice('DESCRIPTION:'.length));
  });
});

describe('calendarFeedSince', () => {
  it(`starts at London midnight, ${CALENDAR_FEED_MONTHS_BACK} calendar months back (the shorter month's last day)`, () => {
    expect(calendarFeedSince(new Date('2026-07-15T10:00:00.000Z')).toISOString()).toBe('2026-04-14T23:00:00.000Z');
    expect(calendarFeedSince(new Date('2026-05-31T12:00:00.000Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(calendarFeedSince(new Date('2026-01-10T12:00:00.000Z')).toISOString()).toBe('2025-10-09T23:00:00.000Z');
    // 00:30 BST on 1 July is still 30 June in UTC, but London's day decides.
    expect(calendarFeedSince(new Date('2026-06-30T23:30:00.000Z')).toISOString()).toBe('2026-03-31T23:00:00.000Z');
  });

  it('is a London midnight 89 to 92 days before the day, the same all day long', () => {
    fc.assert(
      fc.property(minuteInstant, (now) => {
        const since = calendarFeedSince(now);
        const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(since);
        expect(london).toBe('00:00');
        const days = (now.getTime() - since.getTime()) / (24 * HOUR);
        // 89 to 92 whole days, plus the time of day and up to an hour of summer time.
        expect(days).toBeGreaterThan(88);
        expect(days).toBeLessThan(94);
        expect(calendarFeedSince(startOfLondonDay(now))).toEqual(since);
      }),
    );
  });
});

describe('the single .ics file', () => {
  it('uses the UID of the feed, the revision and STATUS, and the booking link when given', () => {
    const event = makeEvent({ id: 'evt-42', sequence: 3 });
    const entry = vevents(readFeed(icsText(event, LOCATION, 'https://club.example/event-booking?id=evt-42')))[0];
    expect(entry.uid).toBe('evt-42@kyc-members-area');
    expect(entry.sequence).toBe(3);
    expect(entry.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(entry.component.getFirstPropertyValue('url')).toBe('https://club.example/event-booking?id=evt-42');
    const cancelled = vevents(readFeed(icsText({ ...event, cancelledAt: '2026-05-01T10:00:00.000Z', cancelReason: 'No wind' }, LOCATION)))[0];
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.summary).toBe('Cancelled: Summer Regatta');
    expect(cancelled.description).toBe('Cancelled: No wind\n\nRacing on the reservoir');
    expect(cancelled.component.getFirstPropertyValue('url')).toBeNull();
  });
});
