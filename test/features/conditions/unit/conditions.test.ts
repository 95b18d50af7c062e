import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWithLimits, eventSpan, EVENT_WITHOUT_END_MS, hoursOfEvent, rateValue } from '../../../../core/conditions/compare-conditions';
import { ConditionsLimitsSchema, DEFAULT_CONDITIONS_LIMITS, limitsOfKind } from '../../../../core/conditions/conditions-limits';
import { compassPoint, toKnots, windUnitOfLabel, type ForecastHour } from '../../../../core/conditions/forecast';

const HOUR = 3_600_000;

/** Hourly forecast hours from `from` (a whole UTC hour), `count` of them, every wind `windKn`. */
function hoursFrom(from: number, count: number, windKn: number | null = 10, gustKn: number | null = 15): ForecastHour[] {
  return Array.from({ length: count }, (_, i) => ({ time: new Date(from + i * HOUR).toISOString(), windKn, gustKn, directionDeg: 200, temperatureC: 12 }));
}

describe('wind units', () => {
  it('converts each unit to knots exactly as 1 kn = 1.852 km/h = 1852/3600 m/s', () => {
    expect(toKnots(1.852, 'kmh')).toBeCloseTo(1, 12);
    expect(toKnots(1852 / 3600, 'ms')).toBeCloseTo(1, 12);
    expect(toKnots(1, 'mph')).toBeCloseTo(0.868976, 6);
    expect(toKnots(17, 'kn')).toBe(17);
  });

  it('keeps the order of speeds and round-trips knots through every unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.constantFrom('kmh', 'ms', 'mph', 'kn' as const),
        (a, b, unit) => {
          if (a <= b) expect(toKnots(a, unit)).toBeLessThanOrEqual(toKnots(b, unit));
          const inUnit = a / toKnots(1, unit);
          expect(toKnots(inUnit, unit)).toBeCloseTo(a, 9);
        },
      ),
    );
  });

  it('reads the unit labels Open-Meteo answers with, and no other', () => {
    expect(windUnitOfLabel('kn')).toBe('kn');
    expect(windUnitOfLabel('km/h')).toBe('kmh');
    expect(windUnitOfLabel('m/s')).toBe('ms');
    expect(windUnitOfLabel('mp/h')).toBe('mph');
    expect(windUnitOfLabel('°C')).toBeNull();
  });

  it('names compass points', () => {
    expect([0, 22.5, 90, 225, 350, 360].map(compassPoint)).toEqual(['N', 'NNE', 'E', 'SW', 'N', 'N']);
  });
});

describe('the margin edges', () => {
  it('is beyond only over the limit, near from (limit − margin) up to the limit, within below', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 10 }), fc.double({ min: 0, max: 100, noNaN: true }), (limit, margin, value) => {
        const rating = rateValue(value, limit, margin);
        if (value > limit) expect(rating).toBe('beyond');
        else if (value >= limit - margin) expect(rating).toBe('near');
        else expect(rating).toBe('within');
      }),
    );
    expect(rateValue(20, 20, 3)).toBe('near');
    expect(rateValue(20.01, 20, 3)).toBe('beyond');
    expect(rateValue(17, 20, 3)).toBe('near');
    expect(rateValue(16.99, 20, 3)).toBe('within');
    expect(rateValue(20, 20, 0)).toBe('near');
    expect(rateValue(null, 20, 3)).toBe('within');
  });

  it('rates an event by its worst hour: one gusty hour among calm ones makes it beyond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(11), (count, gusty) => {
        const hours = hoursFrom(Date.UTC(2026, 5, 6, 9), count, 8, 12);
        hours[gusty % count] = { ...hours[gusty % count], gustKn: 29 };
        const verdict = compareWithLimits(hours, { windKn: 20, gustKn: 28 }, 3);
        expect(verdict).toMatchObject({ rating: 'beyond', gustRating: 'beyond', windRating: 'within', maxGustKn: 29, maxWindKn: 8 });
      }),
    );
  });

  it('has nothing to judge without a forecast hour in the event', () => {
    expect(compareWithLimits([], { windKn: 20, gustKn: 28 }, 3)).toBeNull();
  });
});

describe('the hours an event covers', () => {
  it('covers every hour that overlaps the event, as many as its length in real hours, across the clock changes', () => {
    // Around the 2026 changes: 29 March (01:00 UTC) and 25 October (01:00 UTC).
    const around = fc.constantFrom(Date.UTC(2026, 2, 28, 20), Date.UTC(2026, 9, 24, 20), Date.UTC(2026, 5, 1, 0));
    fc.assert(
      fc.property(around, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 10 }), (base, startHour, length) => {
        const start = base + startHour * HOUR;
        const event = { eventdatetime: new Date(start).toISOString(), eventenddatetime: new Date(start + length * HOUR).toISOString() };
        const span = eventSpan(event);
        expect(span).not.toBeNull();
        const covered = hoursOfEvent(span!, hoursFrom(base - 24 * HOUR, 96));
        expect(covered).toHaveLength(length);
        expect(covered[0].time).toBe(new Date(start).toISOString());
      }),
    );
  });

  it('counts a part hour at either end', () => {
    const start = Date.UTC(2026, 5, 6, 9, 30);
    const span = eventSpan({ eventdatetime: new Date(start).toISOString(), eventenddatetime: new Date(start + 2 * HOUR).toISOString() })!;
    expect(hoursOfEvent(span, hoursFrom(Date.UTC(2026, 5, 6, 0), 24)).map((h) => h.time.slice(11, 16))).toEqual(['09:00', '10:00', '11:00']);
  });

  it('gives an event with no end three hours, and an all-day event 09:00 to 17:00 London time even on a clock-change day', () => {
    const start = '2026-06-06T10:00:00.000Z';
    expect(eventSpan({ eventdatetime: start, eventenddatetime: null })).toEqual({
      from: new Date(start),
      to: new Date(Date.parse(start) + EVENT_WITHOUT_END_MS),
    });
    // Sunday 29 March 2026: London midnight is 00:00 UTC; 09:00 BST is 08:00 UTC.
    expect(eventSpan({ eventdatetime: '2026-03-29T00:00:00.000Z', eventenddatetime: null })).toEqual({
      from: new Date('2026-03-29T08:00:00.000Z'),
      to: new Date('2026-03-29T16:00:00.000Z'),
    });
    // Sunday 25 October 2026: London midnight is 23:00 UTC the day before; 09:00 GMT is 09:00 UTC.
    expect(eventSpan({ eventdatetime: '2026-10-24T23:00:00.000Z', eventenddatetime: null })).toEqual({
      from: new Date('2026-10-25T09:00:00.000Z'),
      to: new Date('2026-10-25T17:00:00.000Z'),
    });
    expect(eventSpan({ eventdatetime: null, eventenddatetime: null })).toBeNull();
  });
});

describe('the club limits', () => {
  it('start with the issue’s examples: club racing 20/28 kn, junior training 12/18 kn', () => {
    expect(ConditionsLimitsSchema.safeParse(DEFAULT_CONDITIONS_LIMITS).success).toBe(true);
    expect(limitsOfKind(DEFAULT_CONDITIONS_LIMITS, 'club-racing')).toMatchObject({ windKn: 20, gustKn: 28 });
    expect(limitsOfKind(DEFAULT_CONDITIONS_LIMITS, 'junior-training')).toMatchObject({ windKn: 12, gustKn: 18 });
  });

  it('judge an event of no kind, or of a kind since removed, by the default kind', () => {
    expect(limitsOfKind(DEFAULT_CONDITIONS_LIMITS, null).id).toBe('club-racing');
    expect(limitsOfKind(DEFAULT_CONDITIONS_LIMITS, 'gone').id).toBe('club-racing');
  });
});
