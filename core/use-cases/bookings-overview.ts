import type { Admin } from '../entities/admin';
import { bookingsOverview, type BookingsOverview } from '../domain/bookings-report';
import { requirePermission } from '../domain/permissions';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';

export interface GetBookingsOverviewDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
}

/** Bookings, attendees and revenue per event of the last six months and later. */
export class GetBookingsOverview {
  constructor(private readonly deps: GetBookingsOverviewDeps) {}

  async execute(admin: Admin): Promise<BookingsOverview> {
    requirePermission(admin, 'bookings.read');
    const [events, bookings] = await Promise.all([this.deps.events.list({ order: 'desc' }), this.deps.bookings.listAll()]);
    return bookingsOverview(events, bookings, this.deps.clock.now());
  }
}
