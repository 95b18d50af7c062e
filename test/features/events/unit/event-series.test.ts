import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  laterDateForm,
  MAX_SERIES_DATES,
  parseDateList,
  SERIES_MESSAGES,
  SeriesFormValuesSchema,
  seriesDates,
  seriesOccurrence,
  thisAndLater,
  validateSeriesChange,
  validateSeriesForm,
} from '../../../../core/events/event-series';
import { RECURRENCE_MESSAGES, recurrenceDates, recurrenceRefusal } from '../../../../core/events/recurrence';
import { addDaysToDate, londonDate, londonTime } from '../../../../core/shared/london-time';
import { makeEvent } from '../../../support/unit/domain-fixtures';

const LIMITS = { maxAttendees: 50 };

/** Any date from 2000 to 2099, 'yyyy-MM-dd'. */
const anyDate = fc.integer({ min: 0, max: 36_500 }).map((days) => addDaysToDate('2000-01-01', days));
/** A time of day a club starts something at: never in the hour the spring change skips (01:00-01:59). */
const anyTime = fc
  .tuple(fc.integer({ min: 0, max: 22 }), fc.integer({ min: 0, max: 59 }))
  .filter(([hour]) => hour !== 1)
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);

function seriesForm(overrides: Partial<Record<string, unknown>> = {}) {
  return SeriesFormValuesSchema.parse({
    name: 'Sunday racing',
    rule: 'FREQ=WEEKLY;BYDAY=SU',
    firstDate: '2026-03-01',
    lastDate: '2026-11-01',
    startTime: '10:00',
    endTime: '16:00',
    ...overrides,
  });
}

describe('seriesOccurrence: London wall clock on every date', () => {
  it('a 10:00 start stays 10:00 London on both sides of the March and October changes, an hour apart in UTC', () => {
    const dates = recurrenceDates('FREQ=WEEKLY;BYDAY=SU', '2026-03-22', '2026-11-01');
    const starts = dates.map((date) => seriesOccurrence(date, '10:00', '16:00').eventdatetime);
    expect(starts.slice(0, 2)).toEqual(['2026-03-22T10:00:00.000Z', '2026-03-29T09:00:00.000Z']);
    expect(starts.slice(-2)).toEqual(['2026-10-25T10:00:00.000Z', '2026-11-01T10:00:00.000Z']);
    expect(starts.map((start) => londonTime(new Date(start)))).toEqual(dates.map(() => '10:00'));
  });

  it('property: any date and time reads back as that London date and time, and its UTC instant is the wall clock less the offset (0 in GMT, 1 h in BST)', () => {
    fc.assert(
      fc.property(anyDate, anyTime, (date, time) => {
        const start = new Date(seriesOccurrence(date, time, '23:59').eventdatetime);
        expect(londonDate(start)).toBe(date);
        expect(londonTime(start)).toBe(time);
        const wallAsUtc = Date.parse(`${date}T${time}:00Z`);
        expect([0, 3_600_000]).toContain(wallAsUtc - start.getTime());
      }),
    );
  });

  it('property: a weekly series keeps its wall-clock time; its UTC gap is 7 days, less an hour over a spring change and more over an autumn one', () => {
    fc.assert(
      fc.property(anyDate, anyTime, (first, time) => {
        const dates = recurrenceDates('FREQ=WEEKLY', first, addDaysToDate(first, 70));
        const starts = dates.map((date) => new Date(seriesOccurrence(date, time, '23:59').eventdatetime));
        for (let i = 1; i < starts.length; i += 1) {
          expect(londonTime(starts[i])).toBe(time);
          const gapHours = (starts[i].getTime() - starts[i - 1].getTime()) / 3_600_000;
          expect([167, 168, 169]).toContain(gapHours);
        }
      }),
    );
  });
});

describe('seriesDates: the rule, skipped and added dates', () => {
  it('every Sunday from April to October 2026, with the changes on 29 March and 25 October in range', () => {
    const dates = seriesDates({ rule: 'FREQ=WEEKLY;BYDAY=SU', firstDate: '2026-03-29', lastDate: '2026-10-25', skippedDates: [], addedDates: [] });
    expect(dates[0]).toBe('2026-03-29');
    expect(dates.at(-1)).toBe('2026-10-25');
    expect(dates).toHaveLength(31);
  });

  it('the first Wednesday of each month', () => {
    expect(recurrenceDates('FREQ=MONTHLY;BYDAY=1WE', '2026-04-01', '2026-07-31')).toEqual(['2026-04-01', '2026-05-06', '2026-06-03', '2026-07-01']);
  });

  it("property: skipped dates are gone, added dates are in, the rest is the rule's, ascending and without repeats", () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom('FREQ=WEEKLY', 'FREQ=DAILY;INTERVAL=3', 'FREQ=WEEKLY;BYDAY=SA,SU', 'FREQ=MONTHLY;BYDAY=1WE'),
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 6 }),
        fc.array(fc.integer({ min: -30, max: 150 }), { maxLength: 6 }),
        (first, span, rule, skipOffsets, addOffsets) => {
          const lastDate = addDaysToDate(first, span);
          const ruled = recurrenceDates(rule, first, lastDate);
          const skippedDates = skipOffsets.map((n) => addDaysToDate(first, n));
          const addedDates = addOffsets.map((n) => addDaysToDate(first, n));
          const dates = seriesDates({ rule, firstDate: first, lastDate, skippedDates, addedDates });
          expect(dates).toEqual([...new Set(dates)].sort());
          for (const date of addedDates) expect(dates).toContain(date);
          for (const date of skippedDates) if (!addedDates.includes(date)) expect(dates).not.toContain(date);
          for (const date of dates) expect(ruled.includes(date) || addedDates.includes(date)).toBe(true);
          for (const date of ruled) if (!skippedDates.includes(date)) expect(dates).toContain(date);
          for (const date of ruled) expect(date >= first && date <= lastDate).toBe(true);
        },
      ),
    );
  });
});

describe('recurrenceRefusal', () => {
  it.each([
    ['', RECURRENCE_MESSAGES.required],
    ['nonsense', RECURRENCE_MESSAGES.invalid],
    ['FREQ=HOURLY', RECURRENCE_MESSAGES.frequency],
    ['BYDAY=SU', RECURRENCE_MESSAGES.frequency],
    ['FREQ=WEEKLY;COUNT=3', RECURRENCE_MESSAGES.bounds],
    ['FREQ=WEEKLY;UNTIL=20261025', RECURRENCE_MESSAGES.bounds],
    ['DTSTART:20260101T000000Z\nRRULE:FREQ=WEEKLY', RECURRENCE_MESSAGES.bounds],
    ['FREQ=WEEKLY;BYHOUR=10', RECURRENCE_MESSAGES.timeOfDay],
    ['FREQ=WEEKLY;BYDAY=XX', RECURRENCE_MESSAGES.invalid],
    ['FREQ=WEEKLY;INTERVAL=0', RECURRENCE_MESSAGES.invalid],
  ])('refuses %j', (rule, message) => {
    expect(recurrenceRefusal(rule)).toBe(message);
  });

  it.each(['FREQ=WEEKLY;BYDAY=SU', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', 'FREQ=MONTHLY;BYDAY=1WE', 'FREQ=DAILY'])('accepts %j', (rule) => {
    expect(recurrenceRefusal(rule)).toBeNull();
  });
});

describe('validateSeriesForm', () => {
  it('turns the form into the series: rule, dates, times, copied fields and template', () => {
    const checked = validateSeriesForm(
      seriesForm({ skippedDates: '2026-05-03\n2026-05-10', addedDates: '2026-11-07, 2026-11-08', templateId: 't1', capacity: '20' }),
      LIMITS,
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toMatchObject({
      name: 'Sunday racing',
      skippedDates: ['2026-05-03', '2026-05-10'],
      addedDates: ['2026-11-07', '2026-11-08'],
      templateId: 't1',
      event: { capacity: 20, currency: 'GBP' },
    });
  });

  it('gives a message per wrong field and none for the rest', () => {
    const checked = validateSeriesForm(
      seriesForm({ name: '', firstDate: '2026-02-30', startTime: '25:00', endTime: '09:00', rule: 'FREQ=HOURLY', skippedDates: 'soon', capacity: '0' }),
      LIMITS,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'Event name is required',
        capacity: 'Capacity must be a whole number of at least 1',
        firstDate: SERIES_MESSAGES.dateInvalid,
        startTime: SERIES_MESSAGES.timeInvalid,
        rule: RECURRENCE_MESSAGES.frequency,
        skippedDates: SERIES_MESSAGES.datesInvalid('soon'),
      },
    });
  });

  it('refuses an end time not after the start, a last date before the first, no dates, and too many dates', () => {
    expect(validateSeriesForm(seriesForm({ endTime: '10:00' }), LIMITS)).toMatchObject({ ok: false, errors: { endTime: SERIES_MESSAGES.endBeforeStart } });
    expect(validateSeriesForm(seriesForm({ lastDate: '2026-01-01' }), LIMITS)).toMatchObject({
      ok: false,
      errors: { lastDate: SERIES_MESSAGES.lastBeforeFirst },
    });
    expect(validateSeriesForm(seriesForm({ lastDate: '2026-03-07', rule: 'FREQ=WEEKLY;BYDAY=SU;BYMONTH=12' }), LIMITS)).toMatchObject({
      ok: false,
      errors: { rule: SERIES_MESSAGES.noDates },
    });
    expect(validateSeriesForm(seriesForm({ rule: 'FREQ=DAILY', lastDate: '2027-01-01' }), LIMITS)).toMatchObject({
      ok: false,
      errors: { rule: SERIES_MESSAGES.tooManyDates(307) },
    });
    expect(MAX_SERIES_DATES).toBeLessThan(307);
  });

  it('parseDateList reads lines and commas, sorted without repeats, and names the first piece that is not a date', () => {
    expect(parseDateList(' 2026-05-10,2026-05-03\n2026-05-10 ')).toEqual({ ok: true, dates: ['2026-05-03', '2026-05-10'] });
    expect(parseDateList('2026-05-03 3/5/2026')).toEqual({ ok: false, bad: '3/5/2026' });
  });
});

describe('this and later', () => {
  const dates = ['2026-03-22', '2026-03-29', '2026-04-05'].map((date, i) =>
    makeEvent({ id: `e${i}`, ...seriesOccurrence(date, '10:00', '16:00'), bookingEndDate: null, seriesId: 's1' }),
  );

  it('takes the chosen date and every later one', () => {
    expect(thisAndLater(dates, dates[1]).map((e) => e.id)).toEqual(['e1', 'e2']);
  });

  it("each later date gets the change's times on its own London day, across the clock change", () => {
    const change = { ...SeriesFormValuesSchema.parse({ name: 'Sunday racing', startTime: '11:00', endTime: '17:00' }), fromEventId: 'e0' };
    const { skippedDates: _s, addedDates: _a, rule: _r, firstDate: _f, lastDate: _l, ...values } = change;
    expect(validateSeriesChange(values, LIMITS).ok).toBe(true);
    expect(dates.map((event) => laterDateForm(event, values).eventdatetime)).toEqual(['2026-03-22T11:00', '2026-03-29T11:00', '2026-04-05T11:00']);
  });
});
