import fc from 'fast-check';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect, it, vi } from 'vitest';
import {
  addDaysToDate,
  calendarDateText,
  daysBetweenDates,
  isLondonMidnight,
  londonDate,
  londonDayText,
  londonDayTimeText,
  londonMidnight,
  londonOffsetMs,
  londonTime,
  londonWallClock,
  startOfLondonDay,
  wallClockToInstant,
} from '../../../core/shared/london-time';

/**
 * London time is computed from the offset alone (remembered per hour), not formatted through
 * Intl for every value. date-fns-tz, which formats through Intl each time, is the reference.
 */
const Z = 'Europe/London';
const HOUR = 3_600_000;
// 1900 to 2100: the years a club's events and bookings can have, clock changes included.
const anyInstant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));
// Every minute around the clock changes of a few years (London changes at 01:00 UTC).
const nearChange = fc
  .record({
    day: fc.constantFrom(Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25), Date.UTC(2027, 2, 28), Date.UTC(1995, 9, 22), Date.UTC(1941, 4, 4)),
    minute: fc.integer({ min: -180, max: 300 }),
    ms: fc.constantFrom(0, 1, 999, 59_999),
  })
  .map(({ day, minute, ms }) => new Date(day + minute * 60_000 + ms));
const instants = fc.oneof(anyInstant, nearChange);

describe('London time without formatting each value through Intl', () => {
  it('gives the same date, wall clock, time and midnight test as date-fns-tz, at any instant', () => {
    fc.assert(
      fc.property(instants, (d) => {
        expect(londonDate(d)).toBe(formatInTimeZone(d, Z, 'yyyy-MM-dd'));
        expect(londonWallClock(d)).toBe(formatInTimeZone(d, Z, "yyyy-MM-dd'T'HH:mm"));
        expect(londonTime(d)).toBe(formatInTimeZone(d, Z, 'HH:mm'));
        expect(londonDayText(d)).toBe(formatInTimeZone(d, Z, 'EEE d MMMM yyyy'));
        expect(londonDayTimeText(d)).toBe(formatInTimeZone(d, Z, 'EEE d MMMM yyyy, HH:mm'));
        expect(isLondonMidnight(d)).toBe(formatInTimeZone(d, Z, 'HH:mm:ss.SSS') === '00:00:00.000');
      }),
      { numRuns: 3000 },
    );
  });

  it('finds the start of the London day of any instant, and the midnight of any date', () => {
    fc.assert(
      fc.property(instants, (d) => {
        const start = startOfLondonDay(d);
        expect(start.getTime()).toBe(fromZonedTime(`${formatInTimeZone(d, Z, 'yyyy-MM-dd')}T00:00:00`, Z).getTime());
        expect(start.getTime()).toBeLessThanOrEqual(d.getTime());
        expect(londonMidnight(londonDate(d)).getTime()).toBe(start.getTime());
        expect(isLondonMidnight(start)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the same answers whatever the machine's time zone (a member's browser abroad)", () => {
    // The answers in UTC are the reference; each zone here has its own clock changes, on other
    // nights or at other hours than London's, and Apia skipped a whole day (30 December 2011).
    const zones = ['America/New_York', 'Europe/Paris', 'Australia/Lord_Howe', 'Pacific/Apia'];
    const answers = (d: Date) => [
      londonDate(d),
      londonWallClock(d),
      londonDayText(d),
      isLondonMidnight(d),
      startOfLondonDay(d).getTime(),
      wallClockToInstant(londonWallClock(d))?.getTime(),
      addDaysToDate(londonDate(d), 40),
      daysBetweenDates('2011-12-29', londonDate(d)),
    ];
    const zoneBefore = process.env.TZ;
    try {
      fc.assert(
        fc.property(instants, fc.constantFrom(...zones), (d, zone) => {
          process.env.TZ = 'UTC';
          const expected = answers(d);
          process.env.TZ = zone;
          expect(answers(d)).toEqual(expected);
        }),
        {
          numRuns: 1000,
          examples: [
            [new Date('2026-03-29T01:30:00Z'), 'Europe/Paris'],
            [new Date('2026-03-08T02:30:00Z'), 'America/New_York'],
            [new Date('2011-12-30T12:00:00Z'), 'Pacific/Apia'],
          ],
        },
      );
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });

  it('knows the offset in winter, in summer and during the wartime double summer time', () => {
    expect(londonOffsetMs(new Date('2026-01-15T12:00:00Z'))).toBe(0);
    expect(londonOffsetMs(new Date('2026-07-15T12:00:00Z'))).toBe(HOUR);
    expect(londonOffsetMs(new Date('2026-03-29T00:59:59.999Z'))).toBe(0);
    expect(londonOffsetMs(new Date('2026-03-29T01:00:00Z'))).toBe(HOUR);
    expect(londonOffsetMs(new Date('2026-10-25T00:59:59.999Z'))).toBe(HOUR);
    expect(londonOffsetMs(new Date('2026-10-25T01:00:00Z'))).toBe(0);
    expect(londonOffsetMs(new Date('1944-06-06T12:00:00Z'))).toBe(2 * HOUR);
  });

  it('changes the clock when the time-zone database does, every spring and autumn from 1996 to 2100', () => {
    // Each change, found by searching the database hour by hour through the last week of March
    // and of October, is the one the summer-time rule in london-time.ts gives, to the millisecond.
    const databaseOffset = (ms: number) => formatInTimeZone(new Date(ms), Z, 'xxx');
    for (let year = 1996; year <= 2100; year += 1) {
      for (const month of [2, 9]) {
        const weekBefore = Date.UTC(year, month, 24);
        let hour = weekBefore;
        while (databaseOffset(hour) === databaseOffset(weekBefore)) hour += HOUR;
        expect(new Date(hour).getUTCDay(), `${year}-${month + 1}: a Sunday`).toBe(0);
        expect(londonOffsetMs(hour - 1)).toBe(month === 2 ? 0 : HOUR);
        expect(londonOffsetMs(hour)).toBe(month === 2 ? HOUR : 0);
      }
    }
  });

  it('works out London time from 1996 on without asking Intl (a phone loads its locale data on the first call)', () => {
    // The prototype's methods first: the constructor's spy has a prototype of its own.
    const intl = [
      vi.spyOn(Intl.DateTimeFormat.prototype as { readonly format: unknown }, 'format', 'get'),
      vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts'),
      vi.spyOn(Intl, 'DateTimeFormat'),
    ];
    try {
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(1996, 0, 2), max: Date.UTC(2100, 0, 1) }), (ms) => {
          const d = new Date(ms);
          londonDayText(d);
          londonWallClock(d);
          wallClockToInstant(londonWallClock(d));
          startOfLondonDay(d);
        }),
        { numRuns: 500 },
      );
      for (const spy of intl) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of intl) spy.mockRestore();
    }
  });

  it('reads the clock-change nights as agreed: a skipped time an hour later, a repeated time the first time', () => {
    expect(wallClockToInstant('2026-03-29T01:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockToInstant('2026-03-29T00:59')?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(wallClockToInstant('2026-03-29T02:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(wallClockToInstant('2026-10-25T01:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClockToInstant('2026-10-25T02:00')?.toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(wallClockToInstant('2026-06-06T10:00')?.toISOString()).toBe('2026-06-06T09:00:00.000Z');
  });

  it('writes a calendar date as londonDayText writes the day of its London midnight, in summer too; other text as it is', () => {
    expect(calendarDateText('2026-12-01')).toBe('Tue 1 December 2026');
    expect(calendarDateText('2026-07-04')).toBe('Sat 4 July 2026');
    fc.assert(
      fc.property(instants, (d) => {
        const date = londonDate(d);
        expect(calendarDateText(date)).toBe(londonDayText(londonMidnight(date)));
      }),
    );
    for (const text of ['', '2026-02-30', '2026-13-01', '1 Dec 2026', '2026-12-01T00:00']) expect(calendarDateText(text)).toBe(text);
  });
});
