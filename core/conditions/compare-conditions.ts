import type { ForecastHour } from './forecast';
import type { KindLimits } from './conditions-limits';
import { fromLondonWall, isLondonMidnight, londonWall, parseInstant } from '../shared/london-time';

/** How the forecast stands against a limit: under it by more than the margin, within the margin, or over it. */
export const CONDITIONS_RATINGS = ['within', 'near', 'beyond'] as const;
export type ConditionsRating = (typeof CONDITIONS_RATINGS)[number];

const HOUR_MS = 3_600_000;
/** An event with a start and no end is taken to last this long (a race or a session). */
export const EVENT_WITHOUT_END_MS = 3 * HOUR_MS;
/** An all-day event (its start at London midnight, no end): the hours it is judged on, London time. */
export const ALL_DAY_FROM_HOUR = 9;
export const ALL_DAY_TO_HOUR = 17;

/**
 * The span of time an event's conditions are judged on: [start, end). A start with no end lasts
 * EVENT_WITHOUT_END_MS; an all-day event (start at London midnight, no end) 09:00 to 17:00 of that
 * London day, whatever the clock change does to the day's length. Null for an event with no date.
 */
export function eventSpan(event: { eventdatetime: string | null; eventenddatetime: string | null }): { from: Date; to: Date } | null {
  const start = parseInstant(event.eventdatetime);
  if (!start) return null;
  const end = parseInstant(event.eventenddatetime);
  if (end && end.getTime() > start.getTime()) return { from: start, to: end };
  if (!end && isLondonMidnight(start)) {
    // Wall-clock hours of that London day, so a clock-change day is still judged 09:00 to 17:00.
    const wall = londonWall(start).getTime();
    return { from: fromLondonWall(new Date(wall + ALL_DAY_FROM_HOUR * HOUR_MS)), to: fromLondonWall(new Date(wall + ALL_DAY_TO_HOUR * HOUR_MS)) };
  }
  return { from: start, to: new Date(start.getTime() + EVENT_WITHOUT_END_MS) };
}

/**
 * The forecast hours an event covers: each hour [time, time + 1 h) that overlaps its span. Hours
 * are instants, so a clock change inside the event neither adds nor loses one.
 */
export function hoursOfEvent(span: { from: Date; to: Date }, hours: readonly ForecastHour[]): ForecastHour[] {
  return hours.filter((hour) => {
    const start = Date.parse(hour.time);
    return start < span.to.getTime() && start + HOUR_MS > span.from.getTime();
  });
}

/** One value against its limit: over it is beyond; at or over (limit − margin) is near; else within. */
export function rateValue(value: number | null, limit: number, marginKn: number): ConditionsRating {
  if (value === null) return 'within';
  if (value > limit) return 'beyond';
  if (value >= limit - marginKn) return 'near';
  return 'within';
}

const ORDER: Record<ConditionsRating, number> = { within: 0, near: 1, beyond: 2 };

/** The worse of two ratings. */
export function worse(a: ConditionsRating, b: ConditionsRating): ConditionsRating {
  return ORDER[a] >= ORDER[b] ? a : b;
}

/** How an event's hours stand against its kind's limits, and the strongest wind and gust among them. */
export interface ConditionsVerdict {
  rating: ConditionsRating;
  /** The strongest mean wind and gust forecast for the event's hours (knots), null without any. */
  maxWindKn: number | null;
  maxGustKn: number | null;
  windRating: ConditionsRating;
  gustRating: ConditionsRating;
}

/**
 * The forecast for an event's hours against its kind's limits: beyond when any hour's wind or
 * gust is over its limit; near when none is, but one is within `marginKn` of it (at the limit
 * itself too); within otherwise. Null when no forecast hour covers the event (outside the
 * forecast's window, or no forecast): nothing to judge.
 */
export function compareWithLimits(hours: readonly ForecastHour[], limits: Pick<KindLimits, 'windKn' | 'gustKn'>, marginKn: number): ConditionsVerdict | null {
  if (hours.length === 0) return null;
  const max = (values: (number | null)[]) =>
    values.reduce<number | null>((best, value) => (value === null ? best : best === null ? value : Math.max(best, value)), null);
  const maxWindKn = max(hours.map((hour) => hour.windKn));
  const maxGustKn = max(hours.map((hour) => hour.gustKn));
  const windRating = rateValue(maxWindKn, limits.windKn, marginKn);
  const gustRating = rateValue(maxGustKn, limits.gustKn, marginKn);
  return { rating: worse(windRating, gustRating), maxWindKn, maxGustKn, windRating, gustRating };
}
