import { calendarEvents } from '../domain/calendar';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';
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
    const shown = calendarEvents(await this.deps.events.list({ order: 'asc' }), now);
    return Promise.all(
      shown.map(async (event) =>
        // Only an event with a capacity needs its bookings read to count the places left.
        toCalendarEvent(event, event.capacity === null ? [] : await this.deps.bookings.listByEvent(event.id), now),
      ),
    );
  }
}
