import { EVENT_AUDIT_FIELDS, flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from './event-repository.port';
import type { SearchIndex } from '../search/search-index.port';
import { keepIndexInStep, type SearchIndexErrorReporter } from '../search/keep-index-in-step';
import { EVENT_NOT_FOUND } from '../shared/messages';

export const EVENT_HAS_BOOKINGS = 'This event has bookings and cannot be deleted';

export interface DeleteEventDeps extends AuditTrailDeps {
  events: EventRepository;
  bookings: BookingRepository;
  search: SearchIndex;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/** Deletes an event that nobody has booked; a booked event keeps its bookings' history. */
export class DeleteEvent {
  constructor(private readonly deps: DeleteEventDeps) {}

  async execute(admin: Admin, eventId: string): Promise<void> {
    requirePermission(admin, 'events.delete');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
    if ((await this.deps.bookings.countByEvent(event.id)) > 0) throw new ConflictError(EVENT_HAS_BOOKINGS);
    await this.deps.events.delete(event.id);
    await recordAdminAction(this.deps, admin, { action: 'event.deleted', recordType: 'event', recordId: event.id, summary: `Deleted the event ${event.name}`, before: flat(event, EVENT_AUDIT_FIELDS), after: flat(null, EVENT_AUDIT_FIELDS) });
    await keepIndexInStep(() => this.deps.search.remove('events', [event.id]), this.deps.reportSearchIndexError);
  }
}
