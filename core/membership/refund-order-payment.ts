import type { Clock } from '../shared/clock.port';
import { UnavailableError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import type { PaymentGateway, RefundResult } from '../payments/payment-gateway.port';
import type { MembershipOrder } from './membership-order';
import type { MembershipOrderRepository } from './membership-order-repository.port';

/** The idempotency key of refunding a membership payment: one refund per payment (at most 45 characters). */
export function orderRefundKey(paymentId: string): string {
  return `mr-${paymentId}`.slice(0, 45);
}

export interface RefundOrderPaymentDeps {
  payments: Pick<PaymentGateway, 'refund'>;
  orderStore: Pick<MembershipOrderRepository, 'recordRefund'>;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * Gives back a card payment of a membership order that buys nothing (docs/membership.md, "Orders
 * and payments"): a payment that came after its order was closed, or an application declined or
 * expired after paying. The refund goes through the payments port, once per payment
 * (orderRefundKey). When the payment is the one that paid `order`, the order is recorded
 * `refunded` too, so the treasurer's figures count the money as given back. True when the
 * provider took the refund; false when it refused or could not be reached (its next webhook, or
 * the treasurer by hand, tries again).
 */
export async function refundOrderPayment(deps: RefundOrderPaymentDeps, order: MembershipOrder, paymentId: string, reason: string): Promise<boolean> {
  let answer: RefundResult;
  try {
    answer = await deps.payments.refund({ paymentId, amount: order.amount, currency: order.currency, reason, idempotencyKey: orderRefundKey(paymentId) });
  } catch (error) {
    if (error instanceof UnavailableError) return false;
    throw error;
  }
  if (answer.status !== 'REFUNDED') return false;
  if (order.paymentId === paymentId && order.status === 'paid') {
    await deps.orderStore.recordRefund(
      { orderId: order.id, refundId: answer.refundId, refundedBy: null, auditId: deps.ids.next() },
      deps.clock.now().toISOString(),
    );
  }
  return true;
}
