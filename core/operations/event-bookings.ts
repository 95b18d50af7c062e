import type { Admin } from '../admins/admin';
import { z } from 'zod';
import { adminBookingView, AdminBookingViewSchema, PaymentStatusSchema } from '../bookings/booking';
import { EventSchema } from '../events/event';
import { paymentStatus, truncatePaymentId } from '../bookings/booking-state';
import { eventBookingSummary, EventBookingSummarySchema } from '../bookings/bookings-report';
import { permittedRecord } from '../admins/admin-record';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import { AttendanceSchema } from '../check-in/attendance';
import type { AttendanceStore } from '../check-in/attendance-store.port';

/** A booking as the admin's table shows it; `attendance` is its check-in, null before any. */
export const BookingRowSchema = AdminBookingViewSchema.extend({
  paymentStatus: PaymentStatusSchema,
  paymentIdShort: z.string(),
  attendance: AttendanceSchema.nullable().default(null),
});
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
  attendance: Pick<AttendanceStore, 'getMany'>;
}

/** One event's bookings for the admin: summary cards and the table rows. */
export class GetEventBookings extends UseCase<GetEventBookingsDeps> {
  async execute(admin: Admin, eventId: string): Promise<EventBookings> {
    const event = await permittedRecord(admin, 'bookings.read', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const bookings = await this.deps.bookings.listByEvent(event.id);
    const now = this.deps.clock.now();
    const attendance = await this.deps.attendance.getMany(bookings.map((b) => b.id));
    return {
      event,
      summary: eventBookingSummary(bookings, now),
      bookings: bookings.map((b) => ({
        ...adminBookingView(b),
        paymentStatus: paymentStatus(b, now),
        paymentIdShort: truncatePaymentId(b.paymentId),
        attendance: attendance.get(b.id) ?? null,
      })),
    };
  }
}
