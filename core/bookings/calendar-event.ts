import { z } from 'zod';
import { EventSchema, type ClubEvent } from '../events/event';
import { placesLeftOf } from './booking-state';
import { isBookingOpen } from '../events/event-time';

/** An event as members see it: whether it takes bookings now and how many places are left. */
export const CalendarEventSchema = EventSchema.extend({ bookingOpen: z.boolean(), placesLeft: z.number().int().nullable() });
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

/** `placesTaken`: the event's places taken at `now`, from its ledger. */
export function toCalendarEvent(event: ClubEvent, placesTaken: number, now: Date): CalendarEvent {
  const placesLeft = placesLeftOf(event.capacity, placesTaken);
  return { ...event, bookingOpen: isBookingOpen(event, now), placesLeft };
}
