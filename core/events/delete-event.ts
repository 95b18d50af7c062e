import { AUDITED_EVENT, type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { ConflictError } from '../shared/errors';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from './event-repository.port';
import { removeInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';

export const EVENT_HAS_BOOKINGS = 'This event has bookings and cannot be deleted';

export interface DeleteEventDeps extends AuditTrailDeps, SearchIndexingDeps {
  events: EventRepository;
  bookings: BookingRepository;
}

/** Deletes an event that nobody has booked; a booked event keeps its bookings' history. */
export class DeleteEvent extends UseCase<DeleteEventDeps> {
  async execute(admin: Admin, eventId: string): Promise<void> {
    requirePermission(admin, 'events.delete');
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    if ((await this.deps.bookings.countByEvent(event.id)) > 0) throw new ConflictError(EVENT_HAS_BOOKINGS);
    await this.deps.events.delete(event.id);
    await recordChange(this.deps, admin, AUDITED_EVENT, { action: 'event.deleted', summary: `Deleted the event ${event.name}`, before: event, after: null });
    await removeInStep(this.deps, 'events', [event.id]);
  }
}
