import { z } from 'zod';
import { holdsPlace, isCancelled as isCancelledBooking } from './booking-state';
import { PaymentError } from '../shared/errors';
import type { BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { PaymentGateway, PaymentNotification } from '../payments/payment-gateway.port';
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
import { requireFound } from '../shared/require-found';
import {
  CHANGE_MESSAGES,
  changeAttemptOf,
  changePaidAt,
  lateChangeRefundKey,
  lateChangeSettled,
  changeRefundMailId,
  type PendingChange,
} from './booking-amendment';
import { bookingAuditEntry } from './booking-lifecycle';
import type { Outbox } from '../mail/outbox.port';
import type { AuditLog } from '../audit/audit-log.port';
import type { Currency } from '../shared/money';
import { changeHoldRunning } from './booking-state';
import { changedMail } from './change-my-booking';
import { bookingChangeRefunded } from './booking-mail';
import { manageUrl } from './booking-confirmations';
import { formatMoney } from '../shared/money';
import { newOutboxMessage } from '../mail/outbox';
import { UnavailableError } from '../shared/errors';
import { UseCase } from '../shared/use-case';

export const HOLD_EXPIRED = 'Your place was held for 30 minutes and has been released. Please book again.';

/** What the card form posts: the checkout being paid and the card form's one-time token. */
export const CompletePaymentRequestSchema = z.object({
  checkoutId: z.string().trim().min(1).max(200),
  /** The one-time token of the provider's card form. */
  cardToken: z.string().min(1).max(2000),
});

const CardPaymentSchema = CompletePaymentRequestSchema.extend({ source: z.literal('card') });

/**
 * How a payment reaches the server: the card form's token, or the provider's signed webhook as the
 * gateway read it (`parseWebhook`, once, by the webhook route; null when not genuine or not a payment).
 */
export type ConfirmPaymentRequest = z.input<typeof CardPaymentSchema> | { source: 'webhook'; notification: PaymentNotification | null };

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
  /** The e-mail about a replaced change's refund, written once under an id of its own (addOnce). */
  outbox: Pick<Outbox, 'addOnce'>;
  /** The audit entry of a replaced change's refund, written after it (the booking does not change). */
  audit: Pick<AuditLog, 'append' | 'list'>;
}

const SYSTEM: AuditActor = { kind: 'system' };

type CardPayment = CardPaymentResult;

/**
 * Marks a booking paid on the payment provider's word only (its answer to a charge, or its
 * signed webhook), never the browser's. Confirming twice, by either route, changes nothing.
 */
export class ConfirmPayment extends UseCase<ConfirmPaymentDeps> {
  /** A card payment's answer is never IGNORED: only a webhook can be. */
  execute(request: z.input<typeof CardPaymentSchema>): Promise<CardPaymentResult>;
  execute(request: ConfirmPaymentRequest): Promise<ConfirmPaymentResult>;
  async execute(request: ConfirmPaymentRequest): Promise<ConfirmPaymentResult> {
    if (request?.source === 'webhook') return this.fromWebhook(request);
    const { checkoutId, cardToken } = parseInput(CardPaymentSchema, request);
    const booking = await requireFound(this.deps.bookings.findByCheckoutId(checkoutId), BOOKING_NOT_FOUND);
    if (booking.checkoutId !== checkoutId) return this.payChange(booking, checkoutId, cardToken);
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
    const { notification } = request;
    if (!notification || notification.status !== 'COMPLETED') return { status: 'IGNORED' };
    const booking = await this.deps.bookings.findByCheckoutId(notification.checkoutId);
    if (!booking) return { status: 'IGNORED' };
    if (booking.checkoutId !== notification.checkoutId) {
      const payment = {
        checkoutId: notification.checkoutId,
        paymentId: notification.paymentId,
        paymentCompletedAt: notification.completedAt ?? this.deps.clock.now().toISOString(),
      };
      const waiting = booking.pendingChange?.checkoutId === notification.checkoutId ? booking.pendingChange : null;
      const answer = await this.recordChange(booking, payment, waiting);
      if (answer.status !== 'IGNORED') return answer;
      // Paid for a change replaced (or dropped) before its payment was recorded: the money goes
      // back in full, with the key the card form would use, so it is refunded once.
      const attempt = changeAttemptOf(booking.id, notification.checkoutBookingId);
      if (attempt === null) return answer;
      const refunded = await this.refundReplacedChange(booking, {
        attempt,
        paymentId: notification.paymentId,
        amount: notification.amount,
        currency: notification.currency,
      });
      return refunded ? { status: 'COMPLETED', bookingId: booking.id, paymentId: notification.paymentId, alreadyPaid: false } : answer;
    }
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
        return changeOf(this.deps, current, next, {
          action: 'booking.late-payment',
          summary: `Payment arrived after the places had gone; ${refundSummary(next)}`,
          actor: SYSTEM,
          at: now,
        });
      }
      const mail: OutboxMessage[] = event ? confirmationMail(this.deps, next, event, now) : [];
      return changeOf(this.deps, current, next, { action: 'booking.paid', summary: 'Paid by card', actor: SYSTEM, at: now, mail });
    });
    if (changed && stored.refundStatus === 'pending') await settleCardRefund(this.deps, stored, SYSTEM);
    return this.completed(booking.id, payment.paymentId, changed);
  }

  /**
   * Pays a larger change's own checkout (docs/payments.md#changing-a-booking): once paid (the
   * webhook or an earlier click first) it answers as paid without charging again; a checkout that
   * is no longer the change waiting (replaced, dropped, or its hold lapsed) is refused before
   * anything is charged.
   */
  private async payChange(booking: Booking, checkoutId: string, cardToken: string): Promise<CardPayment> {
    const made = booking.amendments.find((a) => a.checkoutId === checkoutId && a.paymentId !== null);
    if (made) return { status: 'COMPLETED', bookingId: booking.id, paymentId: made.paymentId ?? '', alreadyPaid: true };
    const pending = booking.pendingChange;
    if (pending === null || pending.checkoutId !== checkoutId || isCancelledBooking(booking)) throw new PaymentError(CHANGE_MESSAGES.changeNotPayable);
    if (pending.latePaymentId !== null || !changeHoldRunning({ ...booking, pendingChange: pending }, this.deps.clock.now()))
      throw new PaymentError(CHANGE_MESSAGES.changeLapsed);
    const result = await this.deps.payments.completeCheckout(checkoutId, cardToken);
    if (result.status === 'FAILED') return { status: 'FAILED', bookingId: booking.id, message: result.message };
    const answer = await this.recordChange(booking, { checkoutId, paymentId: result.paymentId, paymentCompletedAt: result.completedAt }, pending);
    if (answer.status === 'IGNORED') throw new PaymentError(CHANGE_MESSAGES.changeNotPayable);
    return answer;
  }

  /**
   * Records a larger change's payment: the change made with its places, amendment, "Booking
   * changed" e-mail and audit entry in one transaction, with a fresh check of the room. A payment
   * too late for its places (or for a booking cancelled meanwhile, or for a change replaced while
   * it was being charged: `charged` is the change as it was when charged) is refunded in full, once,
   * and the member told.
   */
  private async recordChange(
    booking: Booking,
    payment: { checkoutId: string; paymentId: string; paymentCompletedAt: string },
    charged: PendingChange | null,
  ): Promise<ConfirmPaymentResult> {
    const event = await this.deps.events.get(booking.eventId);
    const now = this.deps.clock.now();
    let stale = false;
    const { booking: stored, changed } = await this.deps.bookings.change(booking.id, now, (current, placesTaken) => {
      const paid = changePaidAt(current, payment, { capacity: event?.capacity ?? null, placesTaken, now });
      stale = paid.kind === 'stale';
      if (paid.kind === 'recorded' || paid.kind === 'stale') return null;
      const more =
        current.paymentCurrency === null
          ? ''
          : formatMoney(paid.kind === 'late' ? paid.pending.difference : paid.amendment.difference, current.paymentCurrency);
      if (paid.kind === 'late') {
        return changeOf(this.deps, current, paid.booking, {
          action: 'booking.change-late-payment',
          summary: `Payment of ${more} for a change arrived after the places had gone; to refund`,
          actor: SYSTEM,
          at: now,
        });
      }
      const mail = event ? changedMail(this.deps, paid.booking, event, `${more} paid by card.`, now) : [];
      const words = `Changed by the member: ${paid.amendment.numberAttendingBefore} to ${paid.amendment.numberAttending} attending; ${more} paid by card`;
      return changeOf(this.deps, current, paid.booking, { action: 'booking.changed', summary: words, actor: SYSTEM, at: now, mail });
    });
    const late = stored.pendingChange;
    if (late !== null && late.latePaymentId === payment.paymentId) {
      await this.refundLateChange(stored, late);
    } else if (stale && charged !== null && charged.checkoutId === payment.checkoutId && !stored.amendments.some((a) => a.paymentId === payment.paymentId)) {
      // Charged for a change replaced meanwhile: the money goes back.
      if (stored.paymentCurrency !== null)
        await this.refundReplacedChange(stored, {
          attempt: charged.attempt,
          paymentId: payment.paymentId,
          amount: charged.difference,
          currency: stored.paymentCurrency,
        });
    }
    if (stale && charged === null) return { status: 'IGNORED' };
    return { status: 'COMPLETED', bookingId: booking.id, paymentId: payment.paymentId, alreadyPaid: !changed };
  }

  /** Refunds a change's payment that came too late (one idempotency key per change attempt), then drops the change and tells the member. */
  private async refundLateChange(booking: Booking, late: PendingChange): Promise<void> {
    const paymentId = late.latePaymentId;
    if (paymentId === null || booking.paymentCurrency === null) return;
    const currency = booking.paymentCurrency;
    let outcome: Awaited<ReturnType<PaymentGateway['refund']>> | { status: 'UNKNOWN' };
    try {
      outcome = await this.deps.payments.refund({
        paymentId,
        amount: late.difference,
        currency,
        reason: `Booking ${booking.id}: change paid too late`,
        idempotencyKey: lateChangeRefundKey(booking, late.attempt),
      });
    } catch (error) {
      if (!(error instanceof UnavailableError)) throw error;
      outcome = { status: 'UNKNOWN' };
    }
    // Not refunded: the change stays recorded with its payment, for a retry (the next webhook) or an admin.
    if (outcome.status !== 'REFUNDED') return;
    const refundId = outcome.refundId;
    const event = await this.deps.events.get(booking.eventId);
    const now = this.deps.clock.now();
    await this.deps.bookings.change(booking.id, now, (current) => {
      const next = lateChangeSettled(current, paymentId);
      const amount = formatMoney(late.difference, currency);
      const mail: OutboxMessage[] =
        current.userEmail && event
          ? [
              newOutboxMessage(
                changeRefundMailId(current, late.attempt),
                'booking-refund',
                current.id,
                bookingChangeRefunded(current, amount, {
                  clubName: this.deps.siteSettings.clubName,
                  manageUrl: manageUrl(this.deps, current, event),
                  refunded: true,
                }),
                now,
              ),
            ]
          : [];
      const summary = `Refunded ${amount} paid for a change too late (${refundId})`;
      if (next === null) return null;
      return changeOf(this.deps, current, next, { action: 'booking.change-refund', summary, actor: SYSTEM, at: now, mail });
    });
  }

  /**
   * Refunds in full a payment for a change that is no longer waiting (replaced by another change,
   * or dropped, before its payment was recorded), with the refund key of its attempt
   * (lateChangeRefundKey): the card form and the webhook, however often each comes, refund it
   * once. The booking does not change. The member's e-mail is queued once (its id is the
   * attempt's), and the audit entry written with it; a member without an address gets the entry
   * once, unless two answers race. True when the provider took the refund.
   */
  private async refundReplacedChange(booking: Booking, paid: { attempt: number; paymentId: string; amount: number; currency: Currency }): Promise<boolean> {
    const { attempt, paymentId, amount: minor, currency } = paid;
    let outcome: Awaited<ReturnType<PaymentGateway['refund']>>;
    try {
      outcome = await this.deps.payments.refund({
        paymentId,
        amount: minor,
        currency,
        reason: `Booking ${booking.id}: change replaced before it was paid`,
        idempotencyKey: lateChangeRefundKey(booking, attempt),
      });
    } catch (error) {
      // Unknown: the provider's next webhook (or an admin) tries again with the same key.
      if (!(error instanceof UnavailableError)) throw error;
      return false;
    }
    if (outcome.status !== 'REFUNDED') return false;
    const current = (await this.deps.bookings.get(booking.id)) ?? booking;
    const event = await this.deps.events.get(current.eventId);
    const now = this.deps.clock.now();
    const amount = formatMoney(minor, currency);
    const summary = `Refunded ${amount} paid for a change replaced before it was paid (${outcome.refundId})`;
    let first: boolean;
    if (current.userEmail && event) {
      const mail = bookingChangeRefunded(current, amount, {
        clubName: this.deps.siteSettings.clubName,
        manageUrl: manageUrl(this.deps, current, event),
        refunded: true,
      });
      first = await this.deps.outbox.addOnce(newOutboxMessage(changeRefundMailId(current, attempt), 'booking-refund', current.id, mail, now));
    } else {
      const earlier = await this.deps.audit.list({ recordId: current.id, limit: 200 });
      first = !earlier.some((entry) => entry.action === 'booking.change-refund' && entry.summary === summary);
    }
    if (first)
      await this.deps.audit.append([
        bookingAuditEntry(this.deps.ids.next(), current, current, { action: 'booking.change-refund', summary, actor: SYSTEM, at: now }),
      ]);
    return true;
  }

  /** When an earlier confirmation won, report the payment that is actually stored. */
  private async completed(bookingId: string, paymentId: string, changed: boolean): Promise<ConfirmPaymentResult> {
    if (changed) return { status: 'COMPLETED', bookingId, paymentId, alreadyPaid: false };
    const stored = await this.deps.bookings.get(bookingId);
    return { status: 'COMPLETED', bookingId, paymentId: stored?.paymentId ?? paymentId, alreadyPaid: true };
  }
}
