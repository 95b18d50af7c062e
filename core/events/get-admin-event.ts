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

export interface GetAdminEventDeps {
  events: EventRepository;
  bookings: Pick<BookingRepository, 'placesTakenByEvent'>;
  clock: Clock;
}

/**
 * One event for the admin, with the values its edit form opens with and the places its bookings
 * take (the form refuses a capacity below them, as the server does).
 */
export class GetAdminEvent extends UseCase<GetAdminEventDeps> {
  async execute(admin: Admin, eventId: string): Promise<{ event: ClubEvent; form: EventFormValues; placesTaken: number }> {
    requirePermission(admin, 'events.list');
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const placesTaken = (await this.deps.bookings.placesTakenByEvent([eventId], this.deps.clock.now())).get(eventId) ?? 0;
    return { event, form: eventToFormValues(event), placesTaken };
  }
}
