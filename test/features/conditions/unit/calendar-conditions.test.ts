import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarConditions } from '../../../../core/conditions/calendar-conditions';
import { compareWithLimits } from '../../../../core/conditions/compare-conditions';
import { DEFAULT_CONDITIONS_LIMITS, limitsOfKind } from '../../../../core/conditions/conditions-limits';
import type { Forecast } from '../../../../core/conditions/forecast';
import { anEvent } from '../../../support/entities';

const HOUR = 3_600_000;
const FROM = Date.parse('2026-07-01T00:00:00.000Z');
const NOW = new Date('2026-07-01T06:00:00.000Z');

/** A week of hourly forecast from 1 July, each hour's gust from the list (cycled). */
function forecastOf(gusts: number[]): Forecast {
  return {
    fetchedAt: NOW.toISOString(),
    latitude: 51.5,
    longitude: -1.2,
    hours: Array.from({ length: 24 * 7 }, (_, i) => ({
      time: new Date(FROM + i * HOUR).toISOString(),
      windKn: 10,
      gustKn: gusts[i % gusts.length]!,
      directionDeg: (i * 15) % 360,
      temperatureC: 14,
    })),
  };
}

describe('an event’s forecast on the calendar list', () => {
  it('is the go/no-go’s verdict for its hours and kind within the forecast’s window, and none outside it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: -48, max: 24 * 9 }),
        fc.constantFrom(null, 'junior-training', 'club-racing'),
        (gusts, startHour, kind) => {
          const forecast = forecastOf(gusts);
          const start = FROM + startHour * HOUR;
          const event = anEvent({
            id: 'e',
            eventdatetime: new Date(start).toISOString(),
            eventenddatetime: new Date(start + 3 * HOUR).toISOString(),
            cancelledAt: null,
          });
          const records = new Map(kind ? [['e', { eventId: 'e', kind, decisions: [] }]] : []);
          const shown = calendarConditions(event, { forecast, limits: null, records, now: NOW });
          const hours = forecast.hours.filter((h) => Date.parse(h.time) + HOUR > start && Date.parse(h.time) < start + 3 * HOUR);
          if (start + 3 * HOUR < NOW.getTime() || hours.length === 0) {
            expect(shown).toBeNull();
            return;
          }
          const verdict = compareWithLimits(hours, limitsOfKind(DEFAULT_CONDITIONS_LIMITS, kind), DEFAULT_CONDITIONS_LIMITS.marginKn)!;
          expect(shown).toMatchObject({ rating: verdict.rating, maxWindKn: verdict.maxWindKn, maxGustKn: verdict.maxGustKn });
          expect(hours.some((h) => h.gustKn === shown!.maxGustKn && h.directionDeg === shown!.directionDeg)).toBe(true);
        },
      ),
    );
  });

  it('shows nothing without a forecast, or for a cancelled event', () => {
    const event = anEvent({ eventdatetime: '2026-07-02T09:00:00.000Z', eventenddatetime: '2026-07-02T12:00:00.000Z' });
    expect(calendarConditions(event, { forecast: null, limits: null, records: new Map(), now: NOW })).toBeNull();
    expect(
      calendarConditions(
        { ...event, cancelledAt: '2026-07-01T05:00:00.000Z', cancelReason: 'Storm' },
        { forecast: forecastOf([40]), limits: null, records: new Map(), now: NOW },
      ),
    ).toBeNull();
    expect(calendarConditions(event, { forecast: forecastOf([40]), limits: null, records: new Map(), now: NOW })?.rating).toBe('beyond');
  });
});
