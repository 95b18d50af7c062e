import type { Admin } from '../admins/admin';
import type { ClubEvent } from '../events/event';
import { eventToFormValues, type EventFormValues } from '../events/event-form';
import { permittedRecord } from '../admins/admin-record';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import { type ChangeNoticeCount } from '../events/event-change-notice';
import { changeNoticeCount } from '../bookings/bookings-to-tell';
import type { DutyRepository } from '../duties/duty-repository.port';
import type { MemberRepository } from '../members/member-repository.port';

export interface GetAdminEventDeps {
  events: EventRepository;
  bookings: Pick<BookingRepository, 'placesTakenByEvent' | 'listByEvent'>;
  clock: Clock;
  /** The event's duty roster: its holders on the member list are e-mailed when the event moves. */
  duties: Pick<DutyRepository, 'listSlots'>;
  members: Pick<MemberRepository, 'get'>;
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
 * take (the form refuses a capacity below them, as the server does) and the live bookings and duty
 * holders a move of the event would tell (core/events/event-change-notice.ts).
 */
export class GetAdminEvent extends UseCase<GetAdminEventDeps> {
  async execute(admin: Admin, eventId: string): Promise<AdminEvent> {
    const event = await permittedRecord(admin, 'events.list', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const now = this.deps.clock.now();
    const placesTaken = (await this.deps.bookings.placesTakenByEvent([eventId], now)).get(eventId) ?? 0;
    const [bookings, slots] = await Promise.all([this.deps.bookings.listByEvent(eventId), this.deps.duties.listSlots(eventId)]);
    // As the move writes them: one e-mail per holding of a slot, for holders still on the member list.
    const holders = slots.flatMap((slot) => slot.holders);
    const known = await Promise.all([...new Set(holders.map((h) => h.memberId))].map(async (id) => ((await this.deps.members.get(id)) ? id : null)));
    const changeNotice = changeNoticeCount(bookings, now, holders.filter((h) => known.includes(h.memberId)).length);
    return { event, form: eventToFormValues(event), placesTaken, changeNotice };
  }
}
