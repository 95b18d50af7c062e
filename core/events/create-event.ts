import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { NEW_EVENT, type ClubEvent } from './event';
import { EventFormValuesSchema, validateEventForm } from './event-form';
import { eventSearchRecord } from './event-search-record';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from './event-repository.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { upsertInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import { cardCurrencyOf } from '../payments/card-currency';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_EVENT } from './event-audit';
import { acceptedForm } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';

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
    const values = permittedInput(admin, 'events.create', EventFormValuesSchema, form);
    const valid = acceptedForm(
      validateEventForm(values, {
        maxAttendees: this.deps.maxAttendees,
        cardCurrency: values.requiresPayment ? await cardCurrencyOf(this.deps.payments) : null,
      }),
    );
    const now = this.deps.clock.now().toISOString();
    const event: ClubEvent = { id: this.deps.ids.next(), ...valid, ...NEW_EVENT, createdAt: now, updatedAt: now };
    await this.deps.events.create(event);
    await recordChange(this.deps, admin, AUDITED_EVENT, { action: 'event.created', summary: `Created the event ${event.name}`, before: null, after: event });
    await upsertInStep(this.deps, 'events', [eventSearchRecord(event)]);
    return event;
  }
}
