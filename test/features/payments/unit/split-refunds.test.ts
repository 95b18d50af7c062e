import { describe, expect, it } from 'vitest';
import { settleCardRefund } from '../../../../core/bookings/booking-changes';
import type { Booking } from '../../../../core/bookings/booking';
import type { PaymentGateway, RefundRequest, RefundResult } from '../../../../core/payments/payment-gateway.port';
import { aBooking, anAmendment } from '../../../support/entities';
import { makeWorld } from '../../../support/unit/world';

/** A booking of 1 paid by card (pay-0, £10), grown to 2 by a change paid by card (pay-1, £10), then cancelled with a full refund. */
function grownAndCancelled(): Booking {
  return aBooking({
    id: 'grown',
    eventId: 'regatta',
    numberAttending: 2,
    paymentRequired: true,
    paid: true,
    paymentAmount: 1000,
    paymentCurrency: 'GBP',
    paymentId: 'pay-0',
    paymentMethod: 'card',
    amendments: [anAmendment({ paymentId: 'pay-1', checkoutId: 'chk-c1' })],
    cancelledAt: '2026-06-01T09:02:00.000Z',
    cancelledBy: 'member',
    refundStatus: 'pending',
    refundAmount: 2000,
  });
}

/** A gateway whose refunds answer as told, per payment, and which records every request. */
function scriptedGateway(answers: Map<string, RefundResult[]>) {
  const asked: RefundRequest[] = [];
  const payments = {
    name: 'scripted',
    refund: async (request: RefundRequest): Promise<RefundResult> => {
      asked.push(request);
      return answers.get(request.paymentId)?.shift() ?? { status: 'FAILED', message: 'No more answers' };
    },
  } as unknown as PaymentGateway;
  return { payments, asked };
}

describe('a cancellation refund split over a booking paid in two payments', () => {
  it('asks each payment once, newest first, one key per payment; after one part is refused, a retry asks only the part still owed', async () => {
    const world = makeWorld();
    await world.bookings.addIfPlacesRemain(grownAndCancelled(), { capacity: null, now: world.clock.now() });
    const { payments, asked } = scriptedGateway(
      new Map([
        [
          'pay-1',
          [
            { status: 'FAILED', message: 'Try later' },
            { status: 'REFUNDED', refundId: 'r-1' },
          ],
        ],
        ['pay-0', [{ status: 'REFUNDED', refundId: 'r-0' }]],
      ]),
    );
    const deps = { ...world, payments };
    const actor = { kind: 'system' as const };

    const first = await settleCardRefund(deps, (await world.bookings.get('grown'))!, actor);
    expect(asked.map((r) => [r.paymentId, r.amount, r.idempotencyKey])).toEqual([
      ['pay-1', 1000, 'refund-0-p1-grown'],
      ['pay-0', 1000, 'refund-0-grown'],
    ]);
    expect(first).toMatchObject({ refundStatus: 'failed', refundFailure: 'Try later', refundAttempts: 1, refundId: 'p0:r-0' });

    const retried = await settleCardRefund(deps, first, actor);
    // The booking's own payment was refunded already: only the change's payment is asked again, with a new key.
    expect(asked.slice(2).map((r) => [r.paymentId, r.amount, r.idempotencyKey])).toEqual([['pay-1', 1000, 'refund-1-p1-grown']]);
    expect(retried).toMatchObject({ refundStatus: 'refunded', refundId: 'p0:r-0 p1:r-1' });
  });
});
