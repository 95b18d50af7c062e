import type { Admin } from '../entities/admin';
import { z } from 'zod';
import { BookingSchema, PaymentStatusSchema } from '../entities/booking';
import { EventSchema } from '../entities/event';
import { paymentStatus, truncatePaymentId } from '../domain/booking-state';
import { eventBookingSummary, EventBookingSummarySchema } from '../domain/bookings-report';
import { requirePermission } from '../domain/permissions';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';
import { EVENT_NOT_FOUND } from '../messages';
import { requireFound } from './require-found';
import { UseCase } from './use-case';

export const BookingRowSchema = BookingSchema.extend({ paymentStatus: PaymentStatusSchema, paymentIdShort: z.string() });
export type BookingRow = z.infer<typeof BookingRowSchema>;

export const EventBookingsSchema = z.object({
  event: EventSchema,
  summary: EventBookingSummarySchema,
  /** Newest first. */
  bookings: z.array(BookingRowSchema),
});
export type EventBookings = z.infer<typeof EventBookingsSchema>;

export interface GetEventBookingsDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
}

/** One event's bookings for the admin: summary cards and the table rows. */
export class GetEventBookings extends UseCase<GetEventBookingsDeps> {
  async execute(admin: Admin, eventId: string): Promise<EventBookings> {
    requirePermission(admin, 'bookings.read');
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const bookings = await this.deps.bookings.listByEvent(event.id);
    const now = this.deps.clock.now();
    return {
      event,
      summary: eventBookingSummary(bookings, now),
      bookings: bookings.map((b) => ({ ...b, paymentStatus: paymentStatus(b, now), paymentIdShort: truncatePaymentId(b.paymentId) })),
    };
  }
}
