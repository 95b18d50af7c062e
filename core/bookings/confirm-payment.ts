import { z } from 'zod';
import { holdsPlace } from './booking-state';
import { NotFoundError, PaymentError } from '../shared/errors';
import type { BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import { BOOKING_NOT_FOUND } from '../shared/messages';
import { parseInput } from '../shared/parse-input';
import type { Booking } from './booking';
import type { OutboxMessage } from '../mail/mail';
import type { EventRepository } from '../events/event-repository.port';
import { confirmationMail, type ConfirmationDeps } from './booking-confirmations';
import { changeOf, refundSummary, settleCardRefund, type BookingChangeDeps } from './booking-changes';
import { paidByCardAt } from './booking-lifecycle';
import type { AuditActor } from '../audit/audit';
import type { IdGenerator } from '../shared/id-generator.port';

export const HOLD_EXPIRED = 'Your place was held for 30 minutes and has been released. Please book again.';

/** What the card form posts: the checkout being paid and the card form's one-time token. */
export const CompletePaymentRequestSchema = z.object({
  checkoutId: z.string().trim().min(1).max(200),
  /** The one-time token of the provider's card form. */
  cardToken: z.string().min(1).max(2000),
});

const CardPaymentSchema = CompletePaymentRequestSchema.extend({ source: z.literal('card') });

/** How a payment reaches the server: the card form's token, or the provider's signed webhook. */
export type ConfirmPaymentRequest =
  | z.input<typeof CardPaymentSchema>
  | { source: 'webhook'; rawBody: Buffer; headers: Record<string, string | undefined>; url: string };

/** What a card payment answers: paid (perhaps already), or declined with a message for the member. */
export const CardPaymentResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('COMPLETED'), bookingId: z.string(), paymentId: z.string(), alreadyPaid: z.boolean() }),
  z.object({ status: z.literal('FAILED'), bookingId: z.string(), message: z.string() }),
]);
export type CardPaymentResult = z.infer<typeof CardPaymentResultSchema>;

export type ConfirmPaymentResult =
  /** `alreadyPaid` is true when an earlier confirmation had already marked the booking paid. */
  | { status: 'COMPLETED'; bookingId: string; paymentId: string; alreadyPaid: boolean }
  | { status: 'FAILED'; bookingId: string; message: string }
  /** A webhook that is not a completed payment of one of our bookings (or not genuine). */
  | { status: 'IGNORED' };

export interface ConfirmPaymentDeps extends ConfirmationDeps, BookingChangeDeps {
  bookings: BookingRepository;
  payments: PaymentGateway;
  clock: Clock;
  /** For the event's capacity, the confirmation's event details and calendar file. */
  events: EventRepository;
  ids: IdGenerator;
}

const SYSTEM: AuditActor = { kind: 'system' };

/**
 * Marks a booking paid on the payment provider's word only (its answer to a charge, or its
 * signed webhook), never the browser's. Confirming twice, by either route, changes nothing.
 */
export class ConfirmPayment {
  constructor(private readonly deps: ConfirmPaymentDeps) {}

  /** A card payment's answer is never IGNORED: only a webhook can be. */
  execute(request: z.input<typeof CardPaymentSchema>): Promise<CardPaymentResult>;
  execute(request: ConfirmPaymentRequest): Promise<ConfirmPaymentResult>;
  async execute(request: ConfirmPaymentRequest): Promise<ConfirmPaymentResult> {
    if (request?.source === 'webhook') return this.fromWebhook(request);
    const { checkoutId, cardToken } = parseInput(CardPaymentSchema, request);
    const booking = await this.deps.bookings.findByCheckoutId(checkoutId);
    if (!booking) throw new NotFoundError(BOOKING_NOT_FOUND);
    // Already paid: answer as before without asking the provider to charge again.
    if (booking.paid) {
      return { status: 'COMPLETED', bookingId: booking.id, paymentId: booking.paymentId ?? '', alreadyPaid: true };
    }
    // An unpaid booking holds its places for 30 minutes only; after that they may have gone to
    // someone else, so the card is not charged for a place the member may no longer have.
    if (!holdsPlace(booking, this.deps.clock.now())) throw new PaymentError(HOLD_EXPIRED);
    const result = await this.deps.payments.completeCheckout(checkoutId, cardToken);
    if (result.status === 'FAILED') return { status: 'FAILED', bookingId: booking.id, message: result.message };
    const payment = { paymentId: result.paymentId, paymentCompletedAt: result.completedAt };
    return this.record(booking, payment);
  }

  private async fromWebhook(request: Extract<ConfirmPaymentRequest, { source: 'webhook' }>): Promise<ConfirmPaymentResult> {
    const notification = await this.deps.payments.parseWebhook(request.rawBody, request.headers, request.url);
    if (!notification || notification.status !== 'COMPLETED') return { status: 'IGNORED' };
    const booking = await this.deps.bookings.findByCheckoutId(notification.checkoutId);
    if (!booking) return { status: 'IGNORED' };
    // No hold check here, unlike a card payment: the provider has already taken the money (a
    // charge whose answer was lost, say). record() keeps it if the places are still free, and
    // refunds it otherwise.
    const payment = { paymentId: notification.paymentId, paymentCompletedAt: notification.completedAt ?? this.deps.clock.now().toISOString() };
    return this.record(booking, payment);
  }

  /**
   * Records the payment with its places, confirmation and audit entry in one transaction. Money
   * that came too late (the hold lapsed and the places are gone, or the booking was cancelled
   * meanwhile) is recorded, the booking cancelled by the system and the payment refunded in full,
   * and the member told: admins never see more attending than capacity.
   */
  private async record(booking: Booking, payment: { paymentId: string; paymentCompletedAt: string }): Promise<ConfirmPaymentResult> {
    const event = await this.deps.events.get(booking.eventId);
    const now = this.deps.clock.now();
    const { booking: stored, changed } = await this.deps.bookings.change(booking.id, now, (current, placesTaken) => {
      const next = paidByCardAt(current, payment, { capacity: event?.capacity ?? null, placesTaken, now });
      if (next === null) return null;
      if (next.refundStatus === 'pending') {
        return changeOf(this.deps, current, next, { action: 'booking.late-payment', summary: `Payment arrived after the places had gone; ${refundSummary(next)}`, actor: SYSTEM, at: now });
      }
      const mail: OutboxMessage[] = event ? confirmationMail(this.deps, next, event, now) : [];
      return changeOf(this.deps, current, next, { action: 'booking.paid', summary: 'Paid by card', actor: SYSTEM, at: now, mail });
    });
    if (changed && stored.refundStatus === 'pending') await settleCardRefund(this.deps, stored, SYSTEM);
    return this.completed(booking.id, payment.paymentId, changed);
  }

  /** When an earlier confirmation won, report the payment that is actually stored. */
  private async completed(bookingId: string, paymentId: string, changed: boolean): Promise<ConfirmPaymentResult> {
    if (changed) return { status: 'COMPLETED', bookingId, paymentId, alreadyPaid: false };
    const stored = await this.deps.bookings.get(bookingId);
    return { status: 'COMPLETED', bookingId, paymentId: stored?.paymentId ?? paymentId, alreadyPaid: true };
  }
}
