import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfirmPayment } from '../../../../core/bookings/confirm-payment';
import { CHECKOUT_PROOF_MS, checkoutProof, GetCheckout } from '../../../../core/bookings/get-checkout';
import { SubmitBooking } from '../../../../core/operations/submit-booking';
import { aForm, GOOD_CARD, makeWorld, REGATTA, type World } from '../../../support/unit/world';
import { anEvent } from '../../../support/entities';

/** A booking paid by card; the proof is what the booking's answer gave its browser. */
async function paidBooking(world: World, eventId = 'regatta') {
  if (!(await world.events.get(eventId))) await world.events.create(anEvent({ ...REGATTA, id: eventId, requiresPayment: true, price: 2000 }));
  const booked = await new SubmitBooking(world).execute(aForm({ eventId, numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0' }));
  const checkoutId = booked.checkoutId!;
  const { proof } = checkoutProof(world.checkoutLinks, booked.bookingId, world.clock.now());
  await new ConfirmPayment(world).execute({ source: 'card', checkoutId, cardToken: GOOD_CARD });
  return { bookingId: booked.bookingId, checkoutId, proof };
}

describe('GetCheckout: the manage link goes only to the browser that booked', () => {
  it("gives a paid booking's manage link with its own proof, and the same answer less the link without one", async () => {
    const world = makeWorld();
    const { bookingId, checkoutId, proof } = await paidBooking(world);
    const use = new GetCheckout(world);
    const withProof = await use.execute(checkoutId, proof);
    expect(withProof.paid).toBe(true);
    expect(world.bookingLinks.read(new URL(withProof.managePath!, 'http://x').searchParams.get('token')!, world.clock.now())).toBe(bookingId);
    for (const without of [await use.execute(checkoutId), await use.execute(checkoutId, null), await use.execute(checkoutId, '')]) {
      expect(without).toEqual({ ...withProof, managePath: null });
    }
  });

  it("refuses another booking's proof, a manage or offer token, any altered proof, and a proof past its week", async () => {
    const world = makeWorld();
    const mine = await paidBooking(world);
    const other = await paidBooking(world);
    const use = new GetCheckout(world);
    const manageToken = world.bookingLinks.issue(mine.bookingId, new Date('2027-01-01T00:00:00.000Z'));
    const offerToken = world.offerLinks.issue(mine.bookingId, new Date('2027-01-01T00:00:00.000Z'));
    for (const wrong of [other.proof, manageToken, offerToken, mine.checkoutId, `${mine.proof}x`]) {
      expect((await use.execute(mine.checkoutId, wrong)).managePath, wrong).toBeNull();
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        if (text !== mine.proof) expect((await use.execute(mine.checkoutId, text)).managePath).toBeNull();
      }),
      { numRuns: 50 },
    );
    world.clock.advance(CHECKOUT_PROOF_MS - 1);
    expect((await use.execute(mine.checkoutId, mine.proof)).managePath).not.toBeNull();
    world.clock.advance(1);
    expect((await use.execute(mine.checkoutId, mine.proof)).managePath).toBeNull();
  });

  it('never gives a manage link before the booking is paid, proof or not', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 2000 }));
    const booked = await new SubmitBooking(world).execute(aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0' }));
    const { proof } = checkoutProof(world.checkoutLinks, booked.bookingId, world.clock.now());
    expect(await new GetCheckout(world).execute(booked.checkoutId!, proof)).toMatchObject({ paid: false, managePath: null });
  });
});
