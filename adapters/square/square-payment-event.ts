import { z } from 'zod';
import type { PaymentNotification } from '../../core/payments/payment-gateway.port';
import type { SignedCheckoutIds } from './signed-checkout-ids';

/** The webhook event types that describe a payment (Square sends the whole payment in both). */
export const PAYMENT_EVENT_TYPES = ['payment.created', 'payment.updated'] as const;

/** What a payment webhook tells us, read from Square's event JSON. */
export interface SquarePaymentEvent {
  eventId: string | null;
  type: (typeof PAYMENT_EVENT_TYPES)[number];
  paymentId: string;
  status: PaymentNotification['status'];
  /** Our reference on the payment: the booking id. */
  referenceId: string | null;
  amount: number;
  currency: string;
  updatedAt: string | null;
}

// Only what we read is checked: Square adds fields to its objects freely.
const PaymentSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string(),
  reference_id: z.string().nullish(),
  amount_money: z.object({ amount: z.number().int().nonnegative(), currency: z.string() }),
  updated_at: z.string().nullish(),
});
const EventSchema = z.object({
  type: z.enum(PAYMENT_EVENT_TYPES),
  event_id: z.string().nullish(),
  data: z.object({ object: z.object({ payment: PaymentSchema }) }),
});

/**
 * Square's payment statuses as the port knows them: APPROVED (authorised, not captured) and
 * PENDING are not money received yet; CANCELED and FAILED never will be.
 */
export function portStatus(squareStatus: string): PaymentNotification['status'] {
  if (squareStatus === 'COMPLETED') return 'COMPLETED';
  if (squareStatus === 'FAILED' || squareStatus === 'CANCELED') return 'FAILED';
  return 'PENDING';
}

/** Reads a payment event; null for anything else (other event types, bad JSON, missing fields). */
export function readSquarePaymentEvent(rawBody: Buffer | string): SquarePaymentEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody);
  } catch {
    return null;
  }
  const parsed = EventSchema.safeParse(json);
  if (!parsed.success) return null;
  const { payment } = parsed.data.data.object;
  const updatedAt = payment.updated_at && !Number.isNaN(Date.parse(payment.updated_at)) ? new Date(payment.updated_at).toISOString() : null;
  return {
    eventId: parsed.data.event_id ?? null,
    type: parsed.data.type,
    paymentId: payment.id,
    status: portStatus(payment.status),
    referenceId: payment.reference_id ?? null,
    amount: payment.amount_money.amount,
    currency: payment.amount_money.currency,
    updatedAt,
  };
}

/** A payment event body shaped as Square's, for gateways that speak the same webhook language. */
export function squarePaymentEventBody(event: {
  eventId: string;
  type: SquarePaymentEvent['type'];
  createdAt: string;
  payment: { id: string; status: string; referenceId: string; amount: number; currency: string; updatedAt: string };
}): string {
  const { payment } = event;
  return JSON.stringify({
    type: event.type,
    event_id: event.eventId,
    created_at: event.createdAt,
    data: {
      type: 'payment',
      id: payment.id,
      object: {
        payment: {
          id: payment.id,
          status: payment.status,
          reference_id: payment.referenceId,
          amount_money: { amount: payment.amount, currency: payment.currency },
          created_at: payment.updatedAt,
          updated_at: payment.updatedAt,
        },
      },
    },
  });
}

/**
 * The port's notification of a payment event about one of this server's checkouts, its checkout
 * and terms rebuilt from the payment's own reference and amount_money (so these are what was
 * taken); null for any other body. The webhook's signature is the caller's to check first.
 */
export function paymentNotificationOf(rawBody: Buffer, ids: SignedCheckoutIds): PaymentNotification | null {
  const event = readSquarePaymentEvent(rawBody);
  const checkoutId = event ? ids.checkoutFor(event) : null;
  if (!event || checkoutId === null) return null;
  const terms = ids.termsOf(checkoutId);
  return {
    checkoutId,
    paymentId: event.paymentId,
    status: event.status,
    completedAt: event.status === 'COMPLETED' ? event.updatedAt : null,
    checkoutBookingId: terms.bookingId,
    amount: terms.amount,
    currency: terms.currency,
  };
}
