import type { ClubEvent } from '../events/event';
import { isEventCancelled } from '../events/event-time';
import { isEventOver } from '../events/event-time';
import { compareWithLimits, eventSpan, hoursOfEvent } from './compare-conditions';
import { DEFAULT_CONDITIONS_LIMITS, limitsOfKind, type ConditionsLimits } from './conditions-limits';
import type { GoNoGoPanel } from './conditions-schema';
import { noEventConditions, type EventConditions } from './event-conditions';
import type { Forecast } from './forecast';
import { forecastState } from './forecast-state';
import { safetyCover, type CoverSlot } from './safety-cover';
import type { DutyType } from '../duties/duties';

/** What the panel of one event is drawn from. */
export interface PanelInputs {
  event: ClubEvent;
  record: EventConditions | null;
  limits: ConditionsLimits | null;
  forecast: Forecast | null;
  placesTaken: number;
  /** The event's duty slots with their holders, and the duty types that name them (the safety-cover light). */
  slots: readonly CoverSlot[];
  dutyTypes: readonly Pick<DutyType, 'id' | 'name'>[];
  now: Date;
}

/** One event's go/no-go panel: its forecast hours against its kind's limits, its safety cover, places and decisions. */
export function goNoGoPanel({ event, record, limits, forecast, placesTaken, slots, dutyTypes, now }: PanelInputs): GoNoGoPanel {
  const club = limits ?? DEFAULT_CONDITIONS_LIMITS;
  const kept = record ?? noEventConditions(event.id);
  const kindLimits = limitsOfKind(club, kept.kind);
  const span = eventSpan(event);
  const hours = span && forecast ? hoursOfEvent(span, forecast.hours) : [];
  const verdict = compareWithLimits(hours, kindLimits, club.marginKn);
  return {
    eventId: event.id,
    eventName: event.name,
    eventdatetime: event.eventdatetime,
    eventenddatetime: event.eventenddatetime,
    cancelled: isEventCancelled(event),
    over: isEventOver(event, now),
    kind: kept.kind,
    limits: kindLimits,
    marginKn: club.marginKn,
    kinds: club.kinds.map(({ id, name }) => ({ id, name })),
    forecast: forecastState(forecast, now),
    hours,
    rating: verdict?.rating ?? null,
    maxWindKn: verdict?.maxWindKn ?? null,
    maxGustKn: verdict?.maxGustKn ?? null,
    windRating: verdict?.windRating ?? null,
    gustRating: verdict?.gustRating ?? null,
    safetyCover: safetyCover(slots, dutyTypes),
    placesTaken,
    capacity: event.capacity,
    decisions: kept.decisions,
  };
}

/** How far ahead the dashboard's Go / No-go lists the coming events, forecast or not. */
export const GO_NO_GO_DAYS_AHEAD = 7;

/**
 * Whether the dashboard's Go / No-go lists an event: standing, not over, and starting within the
 * next GO_NO_GO_DAYS_AHEAD days or with forecast hours. Without a forecast (none configured, or not
 * yet fetched) the coming week's events are still listed, with their safety cover and staffing.
 */
export function onGoNoGoList(event: ClubEvent, forecast: Forecast | null, now: Date): boolean {
  if (isEventCancelled(event) || isEventOver(event, now)) return false;
  if (inForecastWindow(event, forecast, now)) return true;
  const span = eventSpan(event);
  return span !== null && span.from.getTime() <= now.getTime() + GO_NO_GO_DAYS_AHEAD * 24 * 3_600_000;
}

/** Whether an event is upcoming, standing and has forecast hours (the calendar's forecast line, the alerts). */
export function inForecastWindow(event: ClubEvent, forecast: Forecast | null, now: Date): boolean {
  if (!forecast || isEventCancelled(event) || isEventOver(event, now)) return false;
  const span = eventSpan(event);
  return span !== null && hoursOfEvent(span, forecast.hours).length > 0;
}
