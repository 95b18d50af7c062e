import { calendarEvents } from './calendar';
import { startOfLondonDay } from '../shared/london-time';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { toCalendarEvent, type CalendarEvent } from './calendar-event';

export interface ListCalendarEventsDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
}

/** The calendar page: events not over before today (or undated), start ascending. */
export class ListCalendarEvents {
  constructor(private readonly deps: ListCalendarEventsDeps) {}

  async execute(): Promise<CalendarEvent[]> {
    const now = this.deps.clock.now();
    // Only the events not over before today are read, so the cost does not grow with the past.
    const shown = calendarEvents(await this.deps.events.listNotOverBefore(startOfLondonDay(now)), now);
    // Only an event with a capacity needs its places counted: one ledger read each.
    const counted = shown.filter((event) => event.capacity !== null).map((event) => event.id);
    const taken = counted.length === 0 ? new Map<string, number>() : await this.deps.bookings.placesTakenByEvent(counted, now);
    return shown.map((event) => toCalendarEvent(event, taken.get(event.id) ?? 0, now));
  }
}
