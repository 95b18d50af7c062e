import { describe, expect, it } from 'vitest';
import { ConfirmPayment } from '../../../../core/bookings/confirm-payment';
import { GetCheckout } from '../../../../core/bookings/get-checkout';
import { SubmitBooking } from '../../../../core/operations/submit-booking';
import { NotFoundError, PaymentError, ValidationError } from '../../../../core/shared/errors';
import { aForm, DECLINED_CARD, GOOD_CARD, GOOD_SIGNATURE, makeWorld, REGATTA, type World } from '../../../support/unit/world';
import { anEvent } from '../../../support/entities';

async function paidBooking(world: World) {
  await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 2000 }));
  const submit = new SubmitBooking(world);
  const booked = await submit.execute(aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0' }));
  // The member goes on to the card step, which opens the checkout: the hold is 30 minutes.
  await new GetCheckout(world).execute(booked.checkoutId!);
  return booked;
}

function confirmPayment(world: World) {
  return new ConfirmPayment(world);
}

/** The provider's webhook as the route hands it on: read once by the gateway (null when not genuine). */
async function webhook(world: World, body: object, signature = GOOD_SIGNATURE) {
  const notification = await world.payments.parseWebhook(Buffer.from(JSON.stringify(body)), { 'x-signature': signature });
  return { source: 'webhook' as const, notification };
}

describe('ConfirmPayment', () => {
  it('marks the booking paid when the provider completes the card payment', async () => {
    const world = makeWorld();
    const { bookingId, checkoutId } = await paidBooking(world);
    const result = await confirmPayment(world).execute({ source: 'card', checkoutId: checkoutId!, cardToken: GOOD_CARD });
    expect(result).toEqual({ status: 'COMPLETED', bookingId, paymentId: `pay_${checkoutId}_long_id`, alreadyPaid: false });
    expect(await world.bookings.get(bookingId)).toMatchObject({
      paid: true,
      paymentId: `pay_${checkoutId}_long_id`,
      paymentCompletedAt: '2026-06-01T09:05:00.000Z',
    });
  });

  it('leaves the booking unpaid when the card is declined, and lets the member try again', async () => {
    const world = makeWorld();
    const { bookingId, checkoutId } = await paidBooking(world);
    const use = confirmPayment(world);
    expect(await use.execute({ source: 'card', checkoutId: checkoutId!, cardToken: DECLINED_CARD })).toEqual({
      status: 'FAILED',
      bookingId,
      message: 'Card declined',
    });
    expect(await world.bookings.get(bookingId)).toMatchObject({ paid: false, paymentId: null });
    await expect(use.execute({ source: 'card', checkoutId: checkoutId!, cardToken: GOOD_CARD })).resolves.toMatchObject({ status: 'COMPLETED' });
  });

  it('is idempotent: confirming again charges nothing and changes nothing', async () => {
    const world = makeWorld();
    const { bookingId, checkoutId } = await paidBooking(world);
    const use = confirmPayment(world);
    const first = await use.execute({ source: 'card', checkoutId: checkoutId!, cardToken: GOOD_CARD });
    const stored = await world.bookings.get(bookingId);
    const again = await use.execute({ source: 'card', checkoutId: checkoutId!, cardToken: GOOD_CARD });
    expect(again).toEqual({ ...first, alreadyPaid: true });
    expect(world.payments.charges).toBe(1);
    expect(await world.bookings.get(bookingId)).toEqual(stored);
  });

  it("confirms a payment from the provider's signed webhook, once", async () => {
    const world = makeWorld();
    const { bookingId, checkoutId } = await paidBooking(world);
    const use = confirmPayment(world);
    const notification = { checkoutId, paymentId: 'pay_from_webhook', status: 'COMPLETED', completedAt: null };
    expect(await use.execute(await webhook(world, notification))).toEqual({
      status: 'COMPLETED',
      bookingId,
      paymentId: 'pay_from_webhook',
      alreadyPaid: false,
    });
    expect(await world.bookings.get(bookingId)).toMatchObject({ paid: true, paymentCompletedAt: '2026-06-01T09:00:00.000Z' });
    // The card answer arriving after the webhook reports the payment that is stored.
    expect(await use.execute(await webhook(world, { ...notification, paymentId: 'pay_other' }))).toEqual({
      status: 'COMPLETED',
      bookingId,
      paymentId: 'pay_from_webhook',
      alreadyPaid: true,
    });
  });

  it('ignores webhooks that are unsigned, not completed or about a checkout it does not know', async () => {
    const world = makeWorld();
    const { bookingId, checkoutId } = await paidBooking(world);
    const use = confirmPayment(world);
    const completed = { checkoutId, paymentId: 'p1', status: 'COMPLETED', completedAt: '2026-06-01T09:01:00.000Z' };
    expect(await use.execute(await webhook(world, completed, 'forged'))).toEqual({ status: 'IGNORED' });
    expect(await use.execute(await webhook(world, { ...completed, status: 'PENDING' }))).toEqual({ status: 'IGNORED' });
    expect(await use.execute(await webhook(world, { ...completed, checkoutId: 'someone-elses' }))).toEqual({ status: 'IGNORED' });
    expect(await world.bookings.get(bookingId)).toMatchObject({ paid: false });
  });

  it('refuses an unknown checkout without charging, and malformed input with a clear error', async () => {
    const world = makeWorld();
    await paidBooking(world);
    const use = confirmPayment(world);
    const unknown = use.execute({ source: 'card', checkoutId: 'chk_unknown', cardToken: GOOD_CARD });
    await expect(unknown).rejects.toBeInstanceOf(NotFoundError);
    await expect(unknown).rejects.toThrow('Booking not found');
    expect(world.payments.charges).toBe(0);
    await expect(use.execute({ source: 'card', checkoutId: '', cardToken: GOOD_CARD })).rejects.toBeInstanceOf(ValidationError);
    await expect(use.execute({ source: 'card', checkoutId: 'x', cardToken: '' })).rejects.toMatchObject({ fields: { cardToken: expect.any(String) } });
  });

  it('refuses a card payment once the 30-minute hold has expired, before charging anything', async () => {
    const world = makeWorld();
    const { bookingId, checkoutId } = await paidBooking(world);
    const use = confirmPayment(world);
    world.clock.advance(30 * 60 * 1000 - 1);
    // Still held a millisecond before the end: a declined attempt is charged (and answered) as usual.
    await expect(use.execute({ source: 'card', checkoutId: checkoutId!, cardToken: DECLINED_CARD })).resolves.toMatchObject({ status: 'FAILED' });
    expect(world.payments.charges).toBe(1);
    world.clock.advance(1);
    const late = use.execute({ source: 'card', checkoutId: checkoutId!, cardToken: GOOD_CARD });
    await expect(late).rejects.toBeInstanceOf(PaymentError);
    await expect(late).rejects.toThrow('Your place was held for 30 minutes and has been released. Please book again.');
    expect(world.payments.charges).toBe(1);
    expect(await world.bookings.get(bookingId)).toMatchObject({ paid: false, paymentId: null });
  });

  it('still marks an expired booking paid from the webhook of a payment the provider already took', async () => {
    const world = makeWorld();
    const { bookingId, checkoutId } = await paidBooking(world);
    world.clock.advance(2 * 60 * 60 * 1000);
    const notification = { checkoutId, paymentId: 'pay_taken', status: 'COMPLETED', completedAt: '2026-06-01T09:29:00.000Z' };
    expect(await confirmPayment(world).execute(await webhook(world, notification))).toEqual({
      status: 'COMPLETED',
      bookingId,
      paymentId: 'pay_taken',
      alreadyPaid: false,
    });
    expect(await world.bookings.get(bookingId)).toMatchObject({ paid: true, paymentId: 'pay_taken', paymentCompletedAt: '2026-06-01T09:29:00.000Z' });
    // Paid, so a late card attempt answers with the stored payment instead of the expiry message.
    await expect(confirmPayment(world).execute({ source: 'card', checkoutId: checkoutId!, cardToken: GOOD_CARD })).resolves.toEqual({
      status: 'COMPLETED',
      bookingId,
      paymentId: 'pay_taken',
      alreadyPaid: true,
    });
    expect(world.payments.charges).toBe(0);
  });
});
