import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { EventSchema } from '../events/event';
import { dashboardStatistics } from '../bookings/bookings-report';
import { ACTIONS, hasPermission } from '../admins/permissions';
import { nextShortWorkDays } from '../work-days/work-day-roster';
import { isOpenToMembers, withVolunteerCounts } from '../work-days/work-days';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { UseCase } from '../shared/use-case';
import { nextEventsFirst } from '../events/event-order';

export const DASHBOARD_RECENT_EVENTS = 5;

export const DashboardSchema = z.object({
  /** Five events, the next ones first (nextEventsFirst): soonest first, then the latest over. */
  recentEvents: z.array(EventSchema),
  /** Bookings per event; null for an admin without bookings:read. */
  statistics: z.array(z.object({ eventId: z.string(), eventName: z.string(), bookings: z.number().int(), attendees: z.number().int() })).nullable(),
  /** The next work days short of volunteers, soonest first; null for an admin who may not see work days. */
  shortWorkDays: z.array(z.object({ id: z.string(), name: z.string(), date: z.string(), short: z.number().int() })).nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export interface GetDashboardDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
  workDays: WorkDayRepository;
}

/** The dashboard needs only a signed-in admin; booking figures only with bookings:read. */
export class GetDashboard extends UseCase<GetDashboardDeps> {
  async execute(admin: Admin): Promise<Dashboard> {
    const now = this.deps.clock.now();
    const recentEvents = nextEventsFirst(await this.deps.events.list({ order: 'asc' }), now).slice(0, DASHBOARD_RECENT_EVENTS);
    const statistics = hasPermission(admin, 'bookings:read') ? dashboardStatistics(await this.deps.bookings.listAll(), now) : null;
    const shortWorkDays = hasPermission(admin, ACTIONS['workDays.read']) ? nextShortWorkDays(await this.upcomingWorkDays(now), now) : null;
    return { recentEvents, statistics, shortWorkDays };
  }

  /** Only the days still to come are counted: past ones cannot be short any more. */
  private async upcomingWorkDays(now: Date) {
    const workDays = (await this.deps.workDays.list()).filter((w) => isOpenToMembers(w) && w.date !== null && Date.parse(w.date) >= now.getTime());
    return Promise.all(workDays.map(async (w) => withVolunteerCounts(w, await this.deps.workDays.listSignups(w.id))));
  }
}
