import type { Admin } from '../entities/admin';
import type { Booking, PaymentStatus } from '../entities/booking';
import type { ClubEvent } from '../entities/event';
import { paymentStatus, truncatePaymentId } from '../domain/booking-state';
import { eventBookingSummary, type EventBookingSummary } from '../domain/bookings-report';
import { requirePermission } from '../domain/permissions';
import { NotFoundError } from '../errors';
import type { BookingRepository } from '../ports/booking-repository';
import type { EventRepository } from '../ports/event-repository';
import { EVENT_NOT_FOUND } from './submit-booking';

export type BookingRow = Booking & { paymentStatus: PaymentStatus; paymentIdShort: string };

export interface EventBookings {
  event: ClubEvent;
  summary: EventBookingSummary;
  /** Newest first. */
  bookings: BookingRow[];
}

export interface GetEventBookingsDeps {
  events: EventRepository;
  bookings: BookingRepository;
}

/** One event's bookings for the admin: summary cards and the table rows. */
export class GetEventBookings {
  constructor(private readonly deps: GetEventBookingsDeps) {}

  async execute(admin: Admin, eventId: string): Promise<EventBookings> {
    requirePermission(admin, 'bookings.read');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
    const bookings = await this.deps.bookings.listByEvent(event.id);
    return {
      event,
      summary: eventBookingSummary(bookings),
      bookings: bookings.map((b) => ({ ...b, paymentStatus: paymentStatus(b), paymentIdShort: truncatePaymentId(b.paymentId) })),
    };
  }
}
