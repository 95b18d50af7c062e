import fc from 'fast-check';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import type { ClubEvent } from '../../../../core/events/event';
import { icsText } from '../../../../core/events/ics-file';
import { CLUB_TIME_ZONE, calendarEvents, googleCalendarUrl, isShownOnCalendar, outlookCalendarUrl } from '../../../../core/calendar/calendar';
import { calendarSpan, icsFileName, isAllDay } from '../../../../core/events/calendar-span';
import {
  DATE_NOT_SPECIFIED,
  DATE_TBC,
  formatDate,
  formatDateRange,
  formatMoment,
  instantToLondonWallClock,
  londonWallClockToInstant,
} from '../../../../core/shared/date-text';
import { makeEvent, minuteInstant, minuteOfLondonDay, msInstant, secondInstant } from '../../../support/unit/domain-fixtures';

const LOCATION = 'Kings Yacht Club';
const HOUR = 3_600_000;

/** The instants (or dates) an .ics file's first VEVENT starts and ends at, read back from its text. */
function readIcs(text: string): { start: Date | string; end: Date | string | null } {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const value = (name: string): Date | string | null => {
    const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
    if (!line) return null;
    const v = line.slice(line.indexOf(':') + 1);
    if (line.includes('VALUE=DATE:')) return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
    if (!m) throw new Error(`unexpected ${name}: ${v}`);
    return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  };
  const start = value('DTSTART');
  if (start === null) throw new Error('no DTSTART');
  return { start, end: value('DTEND') };
}

function londonDateOf(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

function isLondonMidnight(d: Date): boolean {
  return (
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(d) ===
      '00:00:00' && d.getUTCMilliseconds() === 0
  );
}

function timed(start: Date, end: Date | null): ClubEvent {
  return makeEvent({ eventdatetime: start.toISOString(), eventenddatetime: end?.toISOString() ?? null });
}

// London days on which the clocks change in 2026, as UTC ranges [midnight, next midnight).
const SPRING_DAY = [Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 23)] as const; // 23 hours
const AUTUMN_DAY = [Date.UTC(2026, 9, 24, 23), Date.UTC(2026, 9, 26, 0)] as const; // 25 hours
const changeDayInstant = fc.oneof(minuteOfLondonDay(...SPRING_DAY), minuteOfLondonDay(...AUTUMN_DAY));

describe('calendar file properties', () => {
  it("the .ics start and end, parsed back, are the event's instants", () => {
    fc.assert(
      fc.property(
        secondInstant.filter((d) => !isLondonMidnight(d)),
        fc.option(fc.integer({ min: 1, max: 14 * 24 * 3600 }), { nil: null }),
        (start, length) => {
          const end = length === null ? null : new Date(start.getTime() + length * 1000);
          const read = readIcs(icsText(timed(start, end), LOCATION));
          expect(read.start).toEqual(start);
          expect(read.end).toEqual(end ?? new Date(start.getTime() + 3 * HOUR));
        },
      ),
    );
  });

  it("the .ics start and end are the event's instants on the two clock-change days of 2026", () => {
    fc.assert(
      fc.property(
        changeDayInstant.filter((d) => !isLondonMidnight(d)),
        fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }),
        (start, minutes) => {
          const end = minutes === null ? null : new Date(start.getTime() + minutes * 60_000);
          const read = readIcs(icsText(timed(start, end), LOCATION));
          expect(read.start).toEqual(start);
          expect(read.end).toEqual(end ?? new Date(start.getTime() + 3 * HOUR));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an all-day event is written as DATE values from its first London day to the day after its last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }), (day, extraDays) => {
        const date = new Date(Date.UTC(2022, 0, 1) + day * 24 * HOUR).toISOString().slice(0, 10);
        const start = new Date(londonWallClockToInstant(`${date}T00:00`)!);
        const end = extraDays === null ? null : new Date(start.getTime() + extraDays * 24 * HOUR + 10 * HOUR);
        const event = timed(start, end);
        expect(isAllDay(event)).toBe(true);
        const read = readIcs(icsText(event, LOCATION));
        expect(read.start).toBe(date);
        const lastDay = londonDateOf(end ?? start);
        const dayAfter = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
        expect(read.end).toBe(dayAfter);
      }),
    );
  });

  it('file names are lowercase letters, digits and underscores ending in .ics', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (name) => {
        expect(icsFileName(name)).toMatch(/^[a-z0-9_]+\.ics$/);
      }),
    );
  });

  it('file names keep every ASCII letter and digit of the name, in order', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const kept = icsFileName(name)
          .replace(/\.ics$/, '')
          .replace(/_/g, '');
        const expected = name.toLowerCase().replace(/[^a-z0-9]/g, '');
        expect(kept).toBe(expected === '' ? 'event' : expected);
      }),
    );
  });

  it('Google and Outlook links carry the same times as the calendar span', () => {
    fc.assert(
      fc.property(
        minuteInstant.filter((d) => !isLondonMidnight(d)),
        fc.integer({ min: 1, max: 3000 }),
        (start, minutes) => {
          const end = new Date(start.getTime() + minutes * 60_000);
          const event = timed(start, end);
          const compact = (d: Date) =>
            d
              .toISOString()
              .replace(/\.000Z$/, 'Z')
              .replace(/[-:]/g, '');
          const google = new URL(googleCalendarUrl(event, LOCATION)!);
          expect(google.searchParams.get('dates')).toBe(`${compact(start)}/${compact(end)}`);
          const outlook = new URL(outlookCalendarUrl(event, LOCATION)!);
          expect(new Date(outlook.searchParams.get('startdt')!)).toEqual(start);
          expect(new Date(outlook.searchParams.get('enddt')!)).toEqual(end);
        },
      ),
    );
  });

  it('a calendar entry never ends before it starts', () => {
    fc.assert(
      fc.property(msInstant, fc.option(msInstant, { nil: null }), (start, end) => {
        const span = calendarSpan(timed(start, end))!;
        expect(span.end.getTime()).toBeGreaterThan(span.start.getTime());
        expect(span.start).toEqual(start);
      }),
    );
  });
});

describe('London wall clock properties', () => {
  it('an instant → wall clock → instant round-trips, except the second pass of the repeated autumn hour', () => {
    let secondPass = 0;
    fc.assert(
      // The constant is a second pass of the repeated hour (01:30 GMT on 25 October 2026), so the
      // rule under test is always exercised rather than by chance.
      fc.property(fc.oneof(minuteInstant, changeDayInstant, fc.constant(new Date('2026-10-25T01:30:00.000Z'))), (instant) => {
        const wall = instantToLondonWallClock(instant.toISOString());
        expect(wall).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
        const back = new Date(londonWallClockToInstant(wall)!);
        const earlierHasSameWall = instantToLondonWallClock(new Date(instant.getTime() - HOUR).toISOString()) === wall;
        expect(back.getTime()).toBe(earlierHasSameWall ? instant.getTime() - HOUR : instant.getTime());
        if (earlierHasSameWall) secondPass += 1;
      }),
      { numRuns: 500 },
    );
    expect(secondPass).toBeGreaterThan(0);
  });

  it('a wall clock → instant → wall clock round-trips for every time that exists', () => {
    const wallArb = fc
      .record({
        y: fc.integer({ min: 1990, max: 2040 }),
        mo: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 28 }),
        h: fc.integer({ min: 0, max: 23 }),
        mi: fc.integer({ min: 0, max: 59 }),
      })
      .map(
        ({ y, mo, d, h, mi }) =>
          `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`,
      );
    const changeNightWall = fc
      .record({ day: fc.constantFrom('2026-03-29', '2026-10-25'), h: fc.integer({ min: 0, max: 3 }), mi: fc.integer({ min: 0, max: 59 }) })
      .map(({ day, h, mi }) => `${day}T0${h}:${String(mi).padStart(2, '0')}`);
    let skipped = 0;
    fc.assert(
      fc.property(fc.oneof(wallArb, changeNightWall), (wall) => {
        const instant = londonWallClockToInstant(wall);
        expect(instant).not.toBeNull();
        const back = instantToLondonWallClock(instant);
        // Only a time skipped when the clocks go forward comes back different: an hour later.
        if (back !== wall) {
          expect(wall.slice(5, 7)).toBe('03');
          expect(back).toBe(new Date(Date.parse(`${wall}:00Z`) + HOUR).toISOString().slice(0, 16));
          skipped += 1;
        }
      }),
      { numRuns: 500 },
    );
    // The skipped hour was really exercised, not just allowed for.
    expect(skipped).toBeGreaterThan(0);
  });

  it('nothing that is not a real date and time is accepted', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const instant = londonWallClockToInstant(text);
        if (instant !== null) {
          expect(text.trim()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
          expect(Number.isNaN(Date.parse(instant))).toBe(false);
        }
      }),
    );
  });
});

describe('calendar page properties', () => {
  it('an event is shown exactly when it has no date or ends on or after the start of today in London', () => {
    fc.assert(
      fc.property(fc.option(msInstant, { nil: null }), fc.option(msInstant, { nil: null }), msInstant, (start, end, now) => {
        const event = makeEvent({ eventdatetime: start?.toISOString() ?? null, eventenddatetime: end?.toISOString() ?? null });
        const last = end ?? start;
        const expected = last === null || londonDateOf(last) >= londonDateOf(now);
        expect(isShownOnCalendar(event, now)).toBe(expected);
      }),
    );
  });

  it('the calendar lists the shown events, start ascending, undated last', () => {
    const eventArb = fc
      .record({ id: fc.uuid(), start: fc.option(msInstant, { nil: null }) })
      .map(({ id, start }) => makeEvent({ id, eventdatetime: start?.toISOString() ?? null, eventenddatetime: null }));
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), msInstant, (events, now) => {
        const listed = calendarEvents(events, now);
        expect(listed.map((e) => e.id).sort()).toEqual(
          events
            .filter((e) => isShownOnCalendar(e, now))
            .map((e) => e.id)
            .sort(),
        );
        const key = (e: ClubEvent) => (e.eventdatetime === null ? Infinity : Date.parse(e.eventdatetime));
        for (let i = 1; i < listed.length; i++) expect(key(listed[i - 1])).toBeLessThanOrEqual(key(listed[i]));
      }),
    );
  });

  it('dates never show "Invalid Date": unreadable ones show Date TBC or Date not specified', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          msInstant.map((d) => d.toISOString()),
        ),
        (text) => {
          const member = formatDate(text, 'member');
          const admin = formatDate(text, 'admin');
          expect(member).not.toContain('Invalid');
          if (Number.isNaN(Date.parse(text)) || text.trim() === '') {
            expect(member).toBe('Date TBC');
            expect(admin).toBe('Date not specified');
          } else {
            expect(member).toBe(admin);
            expect(member).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]+ \d{4}(, \d{2}:\d{2})?$/);
          }
        },
      ),
    );
  });
});

describe('moments in words (when someone signed up)', () => {
  it('is the London day and time of any instant, midnight included, as date-fns-tz gives them', () => {
    fc.assert(
      fc.property(msInstant, (at) => {
        expect(formatMoment(at.toISOString(), 'admin')).toBe(formatInTimeZone(at, CLUB_TIME_ZONE, 'EEE d MMMM yyyy, HH:mm'));
      }),
    );
  });

  it('keeps the time at London midnight, where an event date would show the day alone', () => {
    // 18 November 2026 is in GMT; 1 July 2026 in BST (midnight is 23:00 UTC the day before).
    expect(formatMoment('2026-11-18T15:45:12.000Z', 'admin')).toBe('Wed 18 November 2026, 15:45');
    expect(formatMoment('2026-06-30T23:00:00.000Z', 'admin')).toBe('Wed 1 July 2026, 00:00');
    expect(formatDate('2026-06-30T23:00:00.000Z', 'admin')).toBe('Wed 1 July 2026');
    expect(formatMoment(null, 'admin')).toBe(DATE_NOT_SPECIFIED);
    expect(formatMoment('not a date', 'member')).toBe(DATE_TBC);
  });
});

describe('calendar examples', () => {
  const summer = makeEvent({
    id: 'evt-42',
    name: 'Summer Regatta',
    description: 'Racing & BBQ',
    eventdatetime: '2026-06-06T09:00:00.000Z', // 10:00 BST
    eventenddatetime: '2026-06-06T15:00:00.000Z', // 16:00 BST
  });

  it.each([
    {
      link: 'Google Calendar',
      build: googleCalendarUrl,
      address: 'https://calendar.google.com/calendar/render',
      params: {
        action: 'TEMPLATE',
        text: 'Summer Regatta',
        dates: '20260606T090000Z/20260606T150000Z',
        details: 'Racing & BBQ',
        location: 'Kings Yacht Club',
        ctz: 'Europe/London',
      },
    },
    {
      link: 'Outlook',
      build: outlookCalendarUrl,
      address: 'https://outlook.live.com/calendar/0/deeplink/compose',
      params: {
        path: '/calendar/action/compose',
        rru: 'addevent',
        subject: 'Summer Regatta',
        startdt: '2026-06-06T09:00:00Z',
        enddt: '2026-06-06T15:00:00Z',
        allday: 'false',
        body: 'Racing & BBQ',
        location: 'Kings Yacht Club',
      },
    },
  ])('builds the $link link', ({ build, address, params }) => {
    const url = new URL(build(summer, LOCATION)!);
    expect(url.origin + url.pathname).toBe(address);
    for (const [name, value] of Object.entries(params)) expect(url.searchParams.get(name), name).toBe(value);
  });

  it('sends dates for an all-day event, with the exclusive end calendars expect', () => {
    const allDay = makeEvent({ eventdatetime: '2026-06-05T23:00:00.000Z', eventenddatetime: null }); // midnight BST
    const google = new URL(googleCalendarUrl(allDay, LOCATION)!);
    expect(google.searchParams.get('dates')).toBe('20260606/20260607');
    const outlook = new URL(outlookCalendarUrl(allDay, LOCATION)!);
    expect(outlook.searchParams.get('startdt')).toBe('2026-06-06');
    expect(outlook.searchParams.get('enddt')).toBe('2026-06-07');
    expect(outlook.searchParams.get('allday')).toBe('true');
  });

  it('runs a multi-day all-day event through its end date', () => {
    const weekend = makeEvent({ eventdatetime: '2026-06-05T23:00:00.000Z', eventenddatetime: '2026-06-07T16:00:00.000Z' });
    expect(new URL(googleCalendarUrl(weekend, LOCATION)!).searchParams.get('dates')).toBe('20260606/20260608');
    const endingAtMidnight = makeEvent({ eventdatetime: '2026-06-05T23:00:00.000Z', eventenddatetime: '2026-06-07T23:00:00.000Z' });
    expect(new URL(googleCalendarUrl(endingAtMidnight, LOCATION)!).searchParams.get('dates')).toBe('20260606/20260608');
  });

  it('gives a timed event without an end three hours', () => {
    const span = calendarSpan(makeEvent({ eventdatetime: '2026-06-06T09:00:00.000Z', eventenddatetime: null }))!;
    expect(span).toEqual({ start: new Date('2026-06-06T09:00:00.000Z'), end: new Date('2026-06-06T12:00:00.000Z'), allDay: false });
  });

  it('ignores an end before the start', () => {
    const span = calendarSpan(makeEvent({ eventdatetime: '2026-06-06T09:00:00.000Z', eventenddatetime: '2026-06-06T08:00:00.000Z' }))!;
    expect(span.end).toEqual(new Date('2026-06-06T12:00:00.000Z'));
  });

  it('has no links or file for an event without a date', () => {
    const tbc = makeEvent({ eventdatetime: null });
    expect(calendarSpan(tbc)).toBeNull();
    expect(googleCalendarUrl(tbc, LOCATION)).toBeNull();
    expect(outlookCalendarUrl(tbc, LOCATION)).toBeNull();
    expect(() => icsText(tbc, LOCATION)).toThrow('An event without a date cannot be added to a calendar');
    expect(isAllDay(tbc)).toBe(false);
  });

  it('writes an .ics file with title, place, description and a stable UID', () => {
    const text = icsText(summer, LOCATION);
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Summer Regatta');
    expect(text).toContain('LOCATION:Kings Yacht Club');
    expect(text).toContain('DESCRIPTION:Racing & BBQ');
    expect(text).toContain('UID:evt-42@kyc-members-area');
    expect(text).toContain('DTSTART:20260606T090000Z');
    expect(text).toContain('DTEND:20260606T150000Z');
    expect(icsText(summer, LOCATION)).toBe(text);
  });

  it('falls back to the long description and cuts long link text', () => {
    const event = makeEvent({ description: '', longdescription: 'x'.repeat(1500) });
    const details = new URL(googleCalendarUrl(event, LOCATION)!).searchParams.get('details')!;
    expect(details).toHaveLength(1000);
    expect(details.endsWith('…')).toBe(true);
    expect(icsText(makeEvent({ description: ' ', longdescription: 'Bring a lifejacket' }), '')).toContain('DESCRIPTION:Bring a lifejacket');
  });

  it.each([
    ['Summer Regatta 2026', 'summer_regatta_2026.ics'],
    ['Fitting-out   Party!!', 'fitting_out_party_.ics'],
    ['Régate de Noël', 'regate_de_noel.ics'],
    ['', 'event.ics'],
    ['!!!', 'event.ics'],
  ])('names the .ics file from the event name: %j is %j', (name, file) => {
    expect(icsFileName(name)).toBe(file);
  });

  it.each([
    ['2026-06-06T09:00:00.000Z', 'member', 'Sat 6 June 2026, 10:00'],
    ['2026-01-10T09:00:00.000Z', 'member', 'Sat 10 January 2026, 09:00'],
    ['2026-06-05T23:00:00.000Z', 'member', 'Sat 6 June 2026'],
    [null, 'member', DATE_TBC],
    [null, 'admin', DATE_NOT_SPECIFIED],
    ['not a date', 'member', 'Date TBC'],
    ['not a date', 'admin', 'Date not specified'],
  ] as const)('formats dates in London time, en-GB: %j for the %s is %j', (instant, audience, text) => {
    expect(formatDate(instant, audience)).toBe(text);
  });

  it.each([
    ['2026-06-06T09:00:00.000Z', '2026-06-06T15:00:00.000Z', 'member', 'Sat 6 June 2026, 10:00 – 16:00'],
    ['2026-06-06T09:00:00.000Z', '2026-06-07T15:00:00.000Z', 'member', 'Sat 6 June 2026, 10:00 – Sun 7 June 2026, 16:00'],
    ['2026-06-06T09:00:00.000Z', null, 'member', 'Sat 6 June 2026, 10:00'],
    ['2026-06-06T09:00:00.000Z', '2026-06-06T08:00:00.000Z', 'member', 'Sat 6 June 2026, 10:00'],
    ['2026-06-05T23:00:00.000Z', '2026-06-07T22:59:00.000Z', 'member', 'Sat 6 June 2026 – Sun 7 June 2026'],
    ['2026-06-05T23:00:00.000Z', '2026-06-06T23:00:00.000Z', 'member', 'Sat 6 June 2026'],
    [null, '2026-06-06T15:00:00.000Z', 'member', 'Date TBC'],
    ['bad', null, 'admin', 'Date not specified'],
  ] as const)('formats date ranges: %j to %j for the %s is %j', (start, end, audience, text) => {
    expect(formatDateRange(start, end, audience)).toBe(text);
  });

  it('settles the clock-change nights as clocks do', () => {
    // 01:30 does not exist on 29 March 2026: it is read as 02:30 BST.
    expect(londonWallClockToInstant('2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice on 25 October 2026: the first (BST) one is meant.
    expect(londonWallClockToInstant('2026-10-25T01:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(londonWallClockToInstant('2026-06-06T10:00')).toBe('2026-06-06T09:00:00.000Z');
    expect(londonWallClockToInstant('2026-01-06T10:00:30')).toBe('2026-01-06T10:00:30.000Z');
  });

  it('refuses wall clock text that is not a real London date and time', () => {
    for (const bad of [
      '',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-06-06T24:00',
      '2026-06-06T10:60',
      '2026-06-06',
      '06/06/2026 10:00',
      '1899-12-31T10:00',
    ]) {
      expect(londonWallClockToInstant(bad)).toBeNull();
    }
    expect(instantToLondonWallClock(null)).toBe('');
    expect(instantToLondonWallClock('2026-06-06T09:00:00.000Z')).toBe('2026-06-06T10:00');
  });

  it("hides events that ended before today but keeps today's and undated ones", () => {
    const now = new Date('2026-06-06T20:00:00.000Z');
    expect(isShownOnCalendar(makeEvent({ eventdatetime: '2026-06-06T08:00:00.000Z', eventenddatetime: null }), now)).toBe(true);
    expect(isShownOnCalendar(makeEvent({ eventdatetime: '2026-06-05T08:00:00.000Z', eventenddatetime: null }), now)).toBe(false);
    expect(isShownOnCalendar(makeEvent({ eventdatetime: null, eventenddatetime: null }), now)).toBe(true);
    expect(CLUB_TIME_ZONE).toBe('Europe/London');
  });
});
