import type { Admin } from '../admins/admin';
import { bookingsOverview, overviewStart, type BookingsOverview } from './bookings-report';
import { parseInstant } from '../shared/london-time';
import { requirePermission } from '../admins/permissions';
import type { BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';

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
    const now = this.deps.clock.now();
    const events = await this.deps.events.list({ order: 'desc' });
    // Only the bookings of the events the overview shows are read, not every booking ever made.
    const from = overviewStart(now).getTime();
    const shown = events.filter((event) => (parseInstant(event.eventdatetime)?.getTime() ?? Number.NEGATIVE_INFINITY) >= from);
    const bookings = (await Promise.all(shown.map((event) => this.deps.bookings.listByEvent(event.id)))).flat();
    return bookingsOverview(events, bookings, now);
  }
}
