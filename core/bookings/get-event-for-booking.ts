import { z } from 'zod';
import { bookingClosedReason } from '../events/event-time';
import { NotFoundError } from '../shared/errors';
import type { BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { CalendarEventSchema, toCalendarEvent } from './calendar-event';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { UseCase } from '../shared/use-case';

export interface GetEventForBookingDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
}

/** The booking page's event, with why it cannot be booked now (null when it can). */
export const EventForBookingSchema = z.object({
  event: CalendarEventSchema,
  closedReason: z.enum(['cancelled', 'not-bookable', 'deadline-passed', 'event-over']).nullable(),
});
export type EventForBooking = z.infer<typeof EventForBookingSchema>;

export class GetEventForBooking extends UseCase<GetEventForBookingDeps> {
  async execute(eventId: string): Promise<EventForBooking> {
    const event = typeof eventId === 'string' && eventId.trim() !== '' ? await this.deps.events.get(eventId.trim()) : null;
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
    const now = this.deps.clock.now();
    const taken = event.capacity === null ? 0 : ((await this.deps.bookings.placesTakenByEvent([event.id], now)).get(event.id) ?? 0);
    return { event: toCalendarEvent(event, taken, now), closedReason: bookingClosedReason(event, now) };
  }
}
