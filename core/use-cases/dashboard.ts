import type { Admin } from '../entities/admin';
import type { ClubEvent } from '../entities/event';
import { dashboardStatistics } from '../domain/bookings-report';
import { hasPermission } from '../domain/permissions';
import type { BookingRepository } from '../ports/booking-repository';
import type { EventRepository } from '../ports/event-repository';

export const DASHBOARD_RECENT_EVENTS = 5;

export interface Dashboard {
  /** The latest five events by date, latest first. */
  recentEvents: ClubEvent[];
  /** Bookings per event; null for an admin without bookings:read. */
  statistics: { eventId: string; eventName: string; bookings: number; attendees: number }[] | null;
}

export interface GetDashboardDeps {
  events: EventRepository;
  bookings: BookingRepository;
}

/** The dashboard needs only a signed-in admin; booking figures only with bookings:read. */
export class GetDashboard {
  constructor(private readonly deps: GetDashboardDeps) {}

  async execute(admin: Admin): Promise<Dashboard> {
    const recentEvents = await this.deps.events.list({ order: 'desc', limit: DASHBOARD_RECENT_EVENTS });
    const statistics = hasPermission(admin, 'bookings:read') ? dashboardStatistics(await this.deps.bookings.listAll()) : null;
    return { recentEvents, statistics };
  }
}
