import type { Admin } from '../entities/admin';
import { NEW_EVENT, type ClubEvent } from '../entities/event';
import { EventFormValuesSchema, validateEventForm } from '../domain/event-form';
import { requirePermission } from '../domain/permissions';
import { eventSearchRecord } from '../domain/search-records';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';
import type { IdGenerator } from '../ports/id-generator';
import { upsertInStep, type SearchIndexingDeps } from './keep-index-in-step';
import type { PaymentGateway } from '../ports/payment-gateway';
import { cardCurrencyOf } from './card-currency';
import { AUDITED_EVENT, type AuditTrailDeps, recordChange } from './audit-trail';
import { fieldsError, parseInput } from './parse-input';
import { UseCase } from './use-case';

export interface CreateEventDeps extends AuditTrailDeps, SearchIndexingDeps {
  events: EventRepository;
  clock: Clock;
  ids: IdGenerator;
  /** MAX_ATTENDEES_PER_BOOKING: the price is capped so the largest booking fits one payment. */
  maxAttendees: number;
  /** Asked which currency card payments can take, for an event that requires payment. */
  payments: PaymentGateway;
}

export class CreateEvent extends UseCase<CreateEventDeps> {
  async execute(admin: Admin, form: unknown): Promise<ClubEvent> {
    requirePermission(admin, 'events.create');
    const values = parseInput(EventFormValuesSchema, form);
    const checked = validateEventForm(values, {
      maxAttendees: this.deps.maxAttendees,
      cardCurrency: values.requiresPayment ? await cardCurrencyOf(this.deps.payments) : null,
    });
    if (!checked.ok) throw fieldsError(checked.errors);
    const now = this.deps.clock.now().toISOString();
    const event: ClubEvent = { id: this.deps.ids.next(), ...checked.value, ...NEW_EVENT, createdAt: now, updatedAt: now };
    await this.deps.events.create(event);
    await recordChange(this.deps, admin, AUDITED_EVENT, { action: 'event.created', summary: `Created the event ${event.name}`, before: null, after: event });
    await upsertInStep(this.deps, 'events', [eventSearchRecord(event)]);
    return event;
  }
}
