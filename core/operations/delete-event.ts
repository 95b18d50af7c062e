import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_EVENT } from '../events/event-audit';
import type { Admin } from '../admins/admin';
import { permittedRecord } from '../admins/admin-record';
import { ConflictError } from '../shared/errors';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { DutyRepository } from '../duties/duty-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import { removeInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { UseCase } from '../shared/use-case';

export const EVENT_HAS_BOOKINGS = 'This event has bookings and cannot be deleted';
export const EVENT_HAS_DUTIES = 'Members are on duty at this event: take them off its roster before deleting it';

export interface DeleteEventDeps extends AuditTrailDeps, SearchIndexingDeps {
  events: EventRepository;
  bookings: BookingRepository;
  duties: DutyRepository;
}

/**
 * Deletes an event that nobody has booked and nobody is on duty at (their time would stay taken);
 * a booked event keeps its bookings' history. Its empty duty slots go with it.
 */
export class DeleteEvent extends UseCase<DeleteEventDeps> {
  async execute(admin: Admin, eventId: string): Promise<void> {
    const event = await permittedRecord(admin, 'events.delete', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    if ((await this.deps.bookings.countByEvent(event.id)) > 0) throw new ConflictError(EVENT_HAS_BOOKINGS);
    const slots = await this.deps.duties.listSlots(event.id);
    if (slots.some((slot) => slot.holders.length > 0)) throw new ConflictError(EVENT_HAS_DUTIES);
    await this.deps.events.delete(event.id);
    for (const slot of slots) await this.deps.duties.removeSlot(slot.id);
    await recordChange(this.deps, admin, AUDITED_EVENT, { action: 'event.deleted', summary: `Deleted the event ${event.name}`, before: event, after: null });
    await removeInStep(this.deps, 'events', [event.id]);
  }
}
