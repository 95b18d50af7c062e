import type { Admin } from '../admins/admin';
import type { ClubEvent } from './event';
import { EventFormValuesSchema, validateEventForm } from './event-form';
import { requirePermission } from '../admins/permissions';
import { eventSearchRecord } from '../search/search-records';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from './event-repository.port';
import type { SearchIndex } from '../search/search-index.port';
import { keepIndexInStep, type SearchIndexErrorReporter } from '../search/keep-index-in-step';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import { cardCurrencyOf } from '../payments/card-currency';
import { EVENT_AUDIT_FIELDS, flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { fieldsError, parseInput } from '../shared/parse-input';
import { EVENT_NOT_FOUND } from '../shared/messages';

export interface UpdateEventDeps extends AuditTrailDeps {
  events: EventRepository;
  search: SearchIndex;
  clock: Clock;
  reportSearchIndexError: SearchIndexErrorReporter;
  /** MAX_ATTENDEES_PER_BOOKING: the price is capped so the largest booking fits one payment. */
  maxAttendees: number;
  /** Asked which currency card payments can take, for an event that requires payment. */
  payments: PaymentGateway;
}

/** An edit refused because the event changed after it was read (another admin's edit, or its cancellation). */
export const EVENT_CHANGED_MEANWHILE = 'This event was changed by someone else meanwhile. Please reload it and make your change again.';

export class UpdateEvent {
  constructor(private readonly deps: UpdateEventDeps) {}

  async execute(admin: Admin, eventId: string, form: unknown): Promise<ClubEvent> {
    requirePermission(admin, 'events.update');
    const existing = await this.deps.events.get(eventId);
    if (!existing) throw new NotFoundError(EVENT_NOT_FOUND);
    const values = parseInput(EventFormValuesSchema, form);
    const checked = validateEventForm(values, {
      maxAttendees: this.deps.maxAttendees,
      cardCurrency: values.requiresPayment ? await cardCurrencyOf(this.deps.payments) : null,
    });
    if (!checked.ok) throw fieldsError(checked.errors);
    const updated: ClubEvent = {
      ...existing,
      ...checked.value,
      updatedAt: this.deps.clock.now().toISOString(),
      // Every saved change is a new revision for the calendars that hold the event (SEQUENCE).
      sequence: existing.sequence + 1,
    };
    // Only over the event as read, so an edit never undoes a cancellation (or another edit) made meanwhile.
    if (!(await this.deps.events.update(updated, { sequence: existing.sequence }))) throw new ConflictError(EVENT_CHANGED_MEANWHILE);
    await recordAdminAction(this.deps, admin, { action: 'event.updated', recordType: 'event', recordId: updated.id, summary: `Changed the event ${updated.name}`, before: flat(existing, EVENT_AUDIT_FIELDS), after: flat(updated, EVENT_AUDIT_FIELDS) });
    await keepIndexInStep(() => this.deps.search.upsert('events', [eventSearchRecord(updated)]), this.deps.reportSearchIndexError);
    return updated;
  }
}
