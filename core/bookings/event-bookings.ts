import type { Admin } from '../admins/admin';
import { z } from 'zod';
import { BookingSchema, PaymentStatusSchema } from './booking';
import { EventSchema } from '../events/event';
import { paymentStatus, truncatePaymentId } from './booking-state';
import { eventBookingSummary, EventBookingSummarySchema } from './bookings-report';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { EVENT_NOT_FOUND } from '../shared/messages';

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
export class GetEventBookings {
  constructor(private readonly deps: GetEventBookingsDeps) {}

  async execute(admin: Admin, eventId: string): Promise<EventBookings> {
    requirePermission(admin, 'bookings.read');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
    const bookings = await this.deps.bookings.listByEvent(event.id);
    const now = this.deps.clock.now();
    return {
      event,
      summary: eventBookingSummary(bookings, now),
      bookings: bookings.map((b) => ({ ...b, paymentStatus: paymentStatus(b, now), paymentIdShort: truncatePaymentId(b.paymentId) })),
    };
  }
}
