import { z } from 'zod';
import { BookingFormValuesSchema, type Booking } from '../entities/booking';
import type { Currency } from '../entities/money';
import { bookingClosedReason } from '../domain/booking-state';
import { validateBookingForm } from '../domain/booking-validation';
import { priceBooking } from '../domain/pricing';
import { BookingClosedError, NotEnoughPlacesError, NotFoundError, PaymentError } from '../errors';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';
import type { IdGenerator } from '../ports/id-generator';
import type { PaymentGateway } from '../ports/payment-gateway';
import { fieldsError, parseInput } from './parse-input';

export const NO_EVENT_ID = 'No event ID provided';
export const EVENT_NOT_FOUND = 'Event not found';
export const CARD_PAYMENT_UNAVAILABLE = 'Card payment is not yet available for this event';

/** What the booking page posts: the event's id and the form fields. */
export const SubmitBookingRequestSchema = BookingFormValuesSchema.extend({
  eventId: z.string({ error: NO_EVENT_ID }).trim().min(1, NO_EVENT_ID).max(200),
});
export type SubmitBookingRequest = z.input<typeof SubmitBookingRequestSchema>;

export interface SubmitBookingResult {
  bookingId: string;
  paymentRequired: boolean;
  /** Minor units, computed here from the stored event; 0 for a free booking. */
  amount: number;
  currency: Currency;
  /** The checkout to pay, for a paid booking; null otherwise. */
  checkoutId: string | null;
}

export interface SubmitBookingDeps {
  events: EventRepository;
  bookings: BookingRepository;
  /** Absent when no payment provider is configured: paid events then cannot be booked. */
  payments?: PaymentGateway;
  clock: Clock;
  ids: IdGenerator;
  config: { maxAttendees: number; testHook: boolean };
}

/**
 * Books an event for a member. Everything the browser checks is checked again here, and the
 * amount is worked out from the stored event, never taken from the request.
 */
export class SubmitBooking {
  constructor(private readonly deps: SubmitBookingDeps) {}

  async execute(request: unknown): Promise<SubmitBookingResult> {
    const { eventId, ...values } = parseInput(SubmitBookingRequestSchema, request);
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND);

    const now = this.deps.clock.now();
    if (bookingClosedReason(event, now) !== null) throw new BookingClosedError();

    const checked = validateBookingForm(values, event, this.deps.config);
    if (!checked.ok) throw fieldsError(checked.errors);
    const form = checked.value;

    const amount = priceBooking(event, form, { testHook: this.deps.config.testHook });
    const paymentRequired = event.requiresPayment && amount > 0;
    const payments = this.deps.payments;
    // Refused before anything is stored, so no unpayable booking holds places.
    if (paymentRequired && !payments) throw new PaymentError(CARD_PAYMENT_UNAVAILABLE);

    const booking: Booking = {
      id: this.deps.ids.next(),
      eventId: event.id,
      eventName: event.name,
      ...form,
      submittedAt: now.toISOString(),
      paymentRequired,
      paid: false,
      paymentAmount: paymentRequired ? amount : null,
      paymentCurrency: paymentRequired ? event.currency : null,
      checkoutId: null,
      paymentId: null,
      paymentCompletedAt: null,
    };
    const added = await this.deps.bookings.addIfPlacesRemain(booking, { capacity: event.capacity, now });
    if (!added.added) throw new NotEnoughPlacesError(added.placesLeft);

    let checkoutId: string | null = null;
    if (paymentRequired && payments) {
      ({ checkoutId } = await payments.createCheckout({
        bookingId: booking.id,
        amount,
        currency: event.currency,
        description: `${event.name}: ${form.numberAttending} attending`,
        idempotencyKey: `booking-${booking.id}`,
      }));
      await this.deps.bookings.setCheckout(booking.id, checkoutId);
    }

    return { bookingId: booking.id, paymentRequired, amount, currency: event.currency, checkoutId };
  }
}
