import type { Admin } from '../admins/admin';
import type { ClubEvent } from './event';
import { eventToFormValues, type EventFormValues } from './event-form';
import { requirePermission } from '../admins/permissions';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from './event-repository.port';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import { changeNoticeCount, type ChangeNoticeCount } from './event-change-notice';

export interface GetAdminEventDeps {
  events: EventRepository;
  bookings: Pick<BookingRepository, 'placesTakenByEvent' | 'listByEvent'>;
  clock: Clock;
}

/** One event for the admin screen (GET /api/admin/events/:id). */
export interface AdminEvent {
  event: ClubEvent;
  form: EventFormValues;
  placesTaken: number;
  /** Who a save that moves the event would e-mail (and who it could not): the form says so before saving. */
  changeNotice: ChangeNoticeCount;
}

/**
 * One event for the admin, with the values its edit form opens with, the places its bookings
 * take (the form refuses a capacity below them, as the server does) and the live bookings a move
 * of the event would tell (core/events/event-change-notice.ts).
 */
export class GetAdminEvent extends UseCase<GetAdminEventDeps> {
  async execute(admin: Admin, eventId: string): Promise<AdminEvent> {
    requirePermission(admin, 'events.list');
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const now = this.deps.clock.now();
    const placesTaken = (await this.deps.bookings.placesTakenByEvent([eventId], now)).get(eventId) ?? 0;
    const changeNotice = changeNoticeCount(await this.deps.bookings.listByEvent(eventId), now);
    return { event, form: eventToFormValues(event), placesTaken, changeNotice };
  }
}
