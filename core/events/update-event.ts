import type { Admin } from '../admins/admin';
import type { ClubEvent } from './event';
import { EventFormValuesSchema, validateEventForm } from './event-form';
import { requirePermission } from '../admins/permissions';
import { eventSearchRecord } from '../search/search-records';
import { ConflictError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from './event-repository.port';
import { upsertInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import { cardCurrencyOf } from '../payments/card-currency';
import { AUDITED_EVENT, type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { fieldsError, parseInput } from '../shared/parse-input';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';

export interface UpdateEventDeps extends AuditTrailDeps, SearchIndexingDeps {
  events: EventRepository;
  /** The event's places taken, from its ledger: the capacity may not go below them. */
  bookings: Pick<BookingRepository, 'placesTakenByEvent'>;
  clock: Clock;
  /** MAX_ATTENDEES_PER_BOOKING: the price is capped so the largest booking fits one payment. */
  maxAttendees: number;
  /** Asked which currency card payments can take, for an event that requires payment. */
  payments: PaymentGateway;
}

/** An edit refused because the event changed after it was read (another admin's edit, or its cancellation). */
export const EVENT_CHANGED_MEANWHILE = 'This event was changed by someone else meanwhile. Please reload it and make your change again.';

export class UpdateEvent extends UseCase<UpdateEventDeps> {
  async execute(admin: Admin, eventId: string, form: unknown): Promise<ClubEvent> {
    requirePermission(admin, 'events.update');
    const existing = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const values = parseInput(EventFormValuesSchema, form);
    const placesTaken = (await this.deps.bookings.placesTakenByEvent([eventId], this.deps.clock.now())).get(eventId) ?? 0;
    const checked = validateEventForm(values, {
      maxAttendees: this.deps.maxAttendees,
      cardCurrency: values.requiresPayment ? await cardCurrencyOf(this.deps.payments) : null,
      placesTaken,
    });
    if (!checked.ok) throw fieldsError(checked.errors);
    const updated: ClubEvent = {
      ...existing,
      ...checked.value,
      updatedAt: this.deps.clock.now().toISOString(),
      // Every saved change is a new revision for the calendars that hold the event (SEQUENCE).
      sequence: existing.sequence + 1,
    };
    // Only over the event as read, so an edit never undoes a cancellation (or another edit) made
    // meanwhile; and the capacity checked again against the places taken in the same atomic step
    // as the write, so a booking made since the check above cannot leave the event overfull.
    if (!(await this.deps.events.update(updated, { sequence: existing.sequence }, this.deps.clock.now()))) throw new ConflictError(EVENT_CHANGED_MEANWHILE);
    await recordChange(this.deps, admin, AUDITED_EVENT, { action: 'event.updated', summary: `Changed the event ${updated.name}`, before: existing, after: updated });
    await upsertInStep(this.deps, 'events', [eventSearchRecord(updated)]);
    return updated;
  }
}
