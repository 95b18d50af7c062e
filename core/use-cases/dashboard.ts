import { z } from 'zod';
import type { Admin } from '../entities/admin';
import { EventSchema } from '../entities/event';
import { dashboardStatistics } from '../domain/bookings-report';
import { hasPermission } from '../domain/permissions';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';

export const DASHBOARD_RECENT_EVENTS = 5;

export const DashboardSchema = z.object({
  /** The latest five events by date, latest first. */
  recentEvents: z.array(EventSchema),
  /** Bookings per event; null for an admin without bookings:read. */
  statistics: z
    .array(z.object({ eventId: z.string(), eventName: z.string(), bookings: z.number().int(), attendees: z.number().int() }))
    .nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export interface GetDashboardDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
}

/** The dashboard needs only a signed-in admin; booking figures only with bookings:read. */
export class GetDashboard {
  constructor(private readonly deps: GetDashboardDeps) {}

  async execute(admin: Admin): Promise<Dashboard> {
    const recentEvents = await this.deps.events.list({ order: 'desc', limit: DASHBOARD_RECENT_EVENTS });
    const statistics = hasPermission(admin, 'bookings:read') ? dashboardStatistics(await this.deps.bookings.listAll(), this.deps.clock.now()) : null;
    return { recentEvents, statistics };
  }
}
