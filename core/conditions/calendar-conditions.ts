import { z } from 'zod';
import type { ClubEvent } from '../events/event';
import { CONDITIONS_RATINGS, compareWithLimits, eventSpan, hoursOfEvent } from './compare-conditions';
import { DEFAULT_CONDITIONS_LIMITS, limitsOfKind, type ConditionsLimits } from './conditions-limits';
import type { EventConditions } from './event-conditions';
import type { Forecast } from './forecast';
import { inForecastWindow } from './go-no-go';

/**
 * An event's forecast on the members' calendar list: how its hours stand against the limits of
 * its kind, the strongest wind and gusts, and where the strongest gust comes from. Only for an
 * upcoming event that stands within the forecast's window.
 */
export const CalendarConditionsSchema = z.object({
  rating: z.enum(CONDITIONS_RATINGS),
  maxWindKn: z.number().nullable(),
  maxGustKn: z.number().nullable(),
  directionDeg: z.number().nullable(),
});
export type CalendarConditions = z.infer<typeof CalendarConditionsSchema>;

/** What the calendar's forecasts are drawn from: three reads for the whole list, whatever its length. */
export interface CalendarConditionsInputs {
  forecast: Forecast | null;
  limits: ConditionsLimits | null;
  records: ReadonlyMap<string, EventConditions>;
  now: Date;
}

/** The event's forecast for the calendar list, or null (outside the forecast's window, over, cancelled, or no forecast). */
export function calendarConditions(event: ClubEvent, { forecast, limits, records, now }: CalendarConditionsInputs): CalendarConditions | null {
  const span = eventSpan(event);
  if (!forecast || !span || !inForecastWindow(event, forecast, now)) return null;
  const club = limits ?? DEFAULT_CONDITIONS_LIMITS;
  const hours = hoursOfEvent(span, forecast.hours);
  const verdict = compareWithLimits(hours, limitsOfKind(club, records.get(event.id)?.kind ?? null), club.marginKn);
  if (!verdict) return null;
  const strongest = hours.reduce((best, hour) => ((hour.gustKn ?? -1) > (best.gustKn ?? -1) ? hour : best), hours[0]!);
  return { rating: verdict.rating, maxWindKn: verdict.maxWindKn, maxGustKn: verdict.maxGustKn, directionDeg: strongest.directionDeg };
}
