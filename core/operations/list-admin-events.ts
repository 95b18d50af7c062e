import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { EventSchema, type ClubEvent } from '../events/event';
import { adminBookingState, placesLeftOf } from '../bookings/booking-state';
import { requirePermission } from '../admins/permissions';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { UseCase } from '../shared/use-case';
import { nextEventsFirst } from '../events/event-order';

/**
 * An event in the admin list: the places its bookings take (from its ledger) and the booking
 * state the core decides at the time of the answer (adminBookingState: Over, Closed, Full, or
 * null), shown beside its Bookable / View Only status.
 */
export const AdminListEventSchema = EventSchema.extend({ placesTaken: z.number().int().min(0), bookingState: z.enum(['Over', 'Closed', 'Full']).nullable() });
export type AdminListEvent = z.infer<typeof AdminListEventSchema>;

export interface ListAdminEventsDeps {
  events: EventRepository;
  bookings: Pick<BookingRepository, 'placesTakenByEvent'>;
  clock: Clock;
}

/** Every event for the admin list, the next ones first (nextEventsFirst), with its places taken and booking state. */
export class ListAdminEvents extends UseCase<ListAdminEventsDeps> {
  async execute(admin: Admin): Promise<AdminListEvent[]> {
    requirePermission(admin, 'events.list');
    const now = this.deps.clock.now();
    const events: ClubEvent[] = nextEventsFirst(await this.deps.events.list({ order: 'asc' }), now);
    const taken = await this.deps.bookings.placesTakenByEvent(
      events.map((e) => e.id),
      now,
    );
    return events.map((event) => {
      const placesTaken = taken.get(event.id) ?? 0;
      const placesLeft = placesLeftOf(event.capacity, placesTaken);
      return { ...event, placesTaken, bookingState: adminBookingState(event, placesLeft, now) };
    });
  }
}
