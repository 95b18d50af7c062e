import { calendarEvents } from './calendar';
import { startOfLondonDay } from '../shared/london-time';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { toCalendarEvent } from '../bookings/calendar-event';
import type { CalendarListEvent } from './calendar-schema';
import { UseCase } from '../shared/use-case';
import type { ConditionsRepository } from '../conditions/conditions-repository.port';
import { calendarConditions } from '../conditions/calendar-conditions';
import { inForecastWindow } from '../conditions/go-no-go';

export interface ListCalendarEventsDeps {
  events: EventRepository;
  bookings: BookingRepository;
  /** The kept forecast, the club's limits and the kinds of the events it covers: each event's forecast. */
  conditions: Pick<ConditionsRepository, 'getForecast' | 'getLimits' | 'getEvents'>;
  clock: Clock;
  /** Whom the forecast's data is credited to (Open-Meteo's is CC BY 4.0); null: no forecast configured. */
  attribution: string | null;
}

/**
 * The calendar page: events not over before today (or undated), start ascending; each within the
 * forecast's window with its forecast against its limits. The forecast is the kept one (no
 * provider asked): the list costs the same few reads however many events it shows.
 */
export class ListCalendarEvents extends UseCase<ListCalendarEventsDeps> {
  async execute(): Promise<CalendarListEvent[]> {
    const now = this.deps.clock.now();
    // Only the events not over before today are read, so the cost does not grow with the past.
    const shown = calendarEvents(await this.deps.events.listNotOverBefore(startOfLondonDay(now)), now);
    // Only an event with a capacity needs its places counted: one ledger read each.
    const counted = shown.filter((event) => event.capacity !== null).map((event) => event.id);
    const forecast = await this.deps.conditions.getForecast();
    const covered = shown.filter((event) => inForecastWindow(event, forecast, now)).map((event) => event.id);
    const [taken, limits, records] = await Promise.all([
      counted.length === 0 ? new Map<string, number>() : this.deps.bookings.placesTakenByEvent(counted, now),
      covered.length === 0 ? null : this.deps.conditions.getLimits(),
      covered.length === 0 ? new Map() : this.deps.conditions.getEvents(covered),
    ]);
    return shown.map((event) => ({
      ...toCalendarEvent(event, taken.get(event.id) ?? 0, now),
      conditions: calendarConditions(event, { forecast, limits, records, now }),
    }));
  }

  /** The credit the list shows: the forecast's, when any of its events shows a forecast. */
  forecastAttribution(events: readonly CalendarListEvent[]): string | null {
    return events.some((event) => event.conditions !== null) ? this.deps.attribution : null;
  }
}
