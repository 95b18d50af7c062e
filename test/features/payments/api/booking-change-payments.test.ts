import { describe, expect, it, vi } from 'vitest';
import { TEST_CARDS } from '../../../../adapters/test-payments/test-payment-gateway';
import { addEvent, FETCH } from '../../../support/api/test-app';
import { bookAndPay, deliverWebhook, payCheckout, useBookingChangeApp, veventOf } from '../../../support/api/booking-money';
import { aBookingForm } from '../../../support/api/booking-form';

// A larger change of a card-paid booking, paid through its own checkout (docs/payments.md#changing-a-booking).
// On SQLite (project default) and on the Firestore emulator (project api-firestore).

const form = aBookingForm({ numberAttending: '1' });

const world = useBookingChangeApp();
const change = (token: string, numberAttending: number, confirm = true, agent = world.app.agent()) =>
  agent.post('/api/my-booking/change').set(FETCH).send({ token, numberAttending, numberOfChildren: 0, confirm });
const pay = (checkoutId: string, agent = world.app.agent()) => payCheckout(world.app, checkoutId, agent);
const revenue = async (eventId: string) => (await world.treasurer.get(`/api/admin/events/${eventId}/bookings`)).body.summary.revenue;

const webhook = (checkoutId: string) => deliverWebhook(world.app, checkoutId);

const paidBooking = (eventId: string, numberAttending: number, email = 'ada@example.org') =>
  bookAndPay(world.app, { eventId, ...form, email, numberAttending: String(numberAttending) });

async function placesCheck(eventId: string) {
  const bookings = world.app.get('bookings');
  expect((await bookings.checkPlaces({ now: world.app.clock.now(), repair: false })).filter((d) => d.eventId === eventId)).toEqual([]);
  return (await bookings.placesTakenByEvent([eventId], world.app.clock.now())).get(eventId) ?? 0;
}

describe('a larger change of a card-paid booking is paid by card through its own checkout', () => {
  it('1 to 2: the change waits for its payment, holds its place, and once paid (card, webhook, double click: one charge) is made once, with its e-mail and .ics', async () => {
    const event = await addEvent(world.app, { name: 'Growth Supper', requiresPayment: true, price: 1000, capacity: 20 });
    const { bookingId, token, checkoutId: first } = await paidBooking(event.id, 1);
    const confirmation = veventOf(await world.smtp.waitForSubject('Booking confirmed: Growth Supper'));
    expect(await revenue(event.id)).toEqual({ GBP: 1000 });

    const asked = await change(token, 2, false);
    expect(asked.body).toMatchObject({ totalBefore: 1000, totalAfter: 2000, difference: 1000, money: '£10.00 more to pay.', changed: false, checkoutId: null });

    const browser = world.app.agent();
    const confirmed = await change(token, 2, true, browser);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ numberAttending: 2, difference: 1000, changed: false });
    const checkoutId: string = confirmed.body.checkoutId;
    // Its own checkout: not the booking's, so the gateway charges it anew.
    expect(checkoutId).not.toBe(first);
    // A double click finds the change waiting: the same checkout, nothing new.
    expect((await change(token, 2, true, browser)).body.checkoutId).toBe(checkoutId);
    // The booking is as it was until paid; its extra place is held meanwhile.
    expect(await world.app.get('bookings').get(bookingId)).toMatchObject({ numberAttending: 1, amendments: [] });
    expect(await placesCheck(event.id)).toBe(2);
    const checkout = await browser.get(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`);
    expect(checkout.body).toMatchObject({
      bookingId,
      amount: 1000,
      currency: 'GBP',
      paid: false,
      managePath: null,
      change: { numberAttending: 2, numberOfChildren: 0 },
    });

    const chargesBefore = world.gateway().charges.length;
    const answers = await Promise.all([pay(checkoutId, browser), pay(checkoutId, browser)]);
    expect(answers.map((a) => a.body.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect((await webhook(checkoutId)).body).toEqual({ status: 'COMPLETED' });
    expect((await pay(checkoutId, browser)).body).toMatchObject({ status: 'COMPLETED', alreadyPaid: true });
    const charges = world.gateway().charges.slice(chargesBefore);
    expect(charges).toEqual([expect.objectContaining({ checkoutId, amount: 1000, currency: 'GBP' })]);

    const stored = (await world.app.get('bookings').get(bookingId))!;
    expect(stored).toMatchObject({ numberAttending: 2, pendingChange: null, paymentAmount: 1000 });
    expect(stored.amendments).toEqual([
      expect.objectContaining({
        revision: 1,
        numberAttendingBefore: 1,
        numberAttending: 2,
        difference: 1000,
        paymentId: charges[0].paymentId,
        refundStatus: null,
      }),
    ]);
    expect(await placesCheck(event.id)).toBe(2);
    expect(await revenue(event.id)).toEqual({ GBP: 2000 });
    // The card step now shows it paid, and its link only to the browser that started the change.
    expect((await browser.get(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`)).body).toMatchObject({
      paid: true,
      managePath: expect.stringContaining('token='),
      change: { numberAttending: 2, numberOfChildren: 0 },
    });
    expect((await world.app.agent().get(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`)).body).toMatchObject({ paid: true, managePath: null });

    const mail = await world.smtp.waitForSubject('Booking changed: Growth Supper');
    expect(mail.text).toContain('£10.00 paid by card.');
    expect(mail.text).toContain('Paid: £20.00');
    const vevent = veventOf(mail);
    expect(vevent.uid).toBe(confirmation.uid);
    expect(vevent.sequence).toBeGreaterThan(confirmation.sequence);
    expect((await world.app.get('outbox').list({ recordId: bookingId })).filter((m) => m.mail.subject === 'Booking changed: Growth Supper')).toHaveLength(1);
    const audit = (await world.treasurer.get(`/api/admin/audit?recordId=${bookingId}`)).body.entries as { action: string }[];
    expect(audit.filter((e) => e.action === 'booking.changed')).toHaveLength(1);
    // The treasurer's CSV: both payments in Amount, nothing refunded.
    const csv = (await world.treasurer.get(`/api/admin/events/${event.id}/bookings.csv`)).text;
    const [header, row] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect([row[header.indexOf('Amount')], row[header.indexOf('Refunded')]]).toEqual(['20.00', '']);
    // Admins never see the change's checkout.
    expect(JSON.stringify((await world.treasurer.get(`/api/admin/bookings/${bookingId}`)).body)).not.toContain(checkoutId);

    // Cancelling afterwards refunds both payments exactly, newest first.
    const refundsBefore = world.gateway().refunds.length;
    expect((await world.app.agent().post('/api/my-booking/cancel').send({ token })).status).toBe(200);
    const refunds = world.gateway().refunds.slice(refundsBefore);
    expect(refunds.map((r) => [r.paymentId, r.amount])).toEqual([
      [charges[0].paymentId, 1000],
      [(await world.app.get('bookings').get(bookingId))!.paymentId, 1000],
    ]);
    expect(new Set(refunds.map((r) => r.idempotencyKey)).size).toBe(2);
    expect(await revenue(event.id)).toEqual({});
  });

  it('a smaller change after a larger one is refunded from the newest payment first, and a cancellation then refunds the rest exactly', async () => {
    const event = await addEvent(world.app, { name: 'Split Refund Supper', requiresPayment: true, price: 1000, capacity: 20 });
    const { bookingId, token } = await paidBooking(event.id, 2);
    const grown = await change(token, 4);
    const paid = await pay(grown.body.checkoutId);
    const second = paid.body.paymentId as string;
    const refundsBefore = world.gateway().refunds.length;
    /** The refunds asked since, as [payment, amount]. */
    const refundsSince = () =>
      world
        .gateway()
        .refunds.slice(refundsBefore)
        .map((r) => [r.paymentId, r.amount]);
    // 4 to 1: 3000 back, 2000 of it from the change's payment, 1000 from the booking's.
    expect((await change(token, 1)).body).toMatchObject({ changed: true, difference: -3000 });
    const first = (await world.app.get('bookings').get(bookingId))!.paymentId;
    expect(refundsSince()).toEqual([
      [second, 2000],
      [first, 1000],
    ]);
    expect(await revenue(event.id)).toEqual({ GBP: 1000 });
    expect((await world.app.agent().post('/api/my-booking/cancel').send({ token })).status).toBe(200);
    expect(refundsSince()).toEqual([
      [second, 2000],
      [first, 1000],
      [first, 1000],
    ]);
    expect(await revenue(event.id)).toEqual({});
  });

  it('concurrent larger changes and bookings never overfill the event; the ledger recount agrees', async () => {
    const event = await addEvent(world.app, { name: 'Tight Change Race', requiresPayment: true, price: 500, capacity: 4 });
    const a = await paidBooking(event.id, 1, 'a@example.org');
    const b = await paidBooking(event.id, 1, 'b@example.org');
    // Two places left: each change asks for two more, the booking for two.
    const answers = await Promise.all([
      change(a.token, 3),
      change(b.token, 3),
      world.app
        .agent()
        .post('/api/bookings')
        .send({ eventId: event.id, ...form, email: 'c@example.org', numberAttending: '2' }),
    ]);
    expect(answers.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await placesCheck(event.id)).toBe(4);
    // Whichever change won is paid and made; the event holds exactly its capacity.
    const won = answers.slice(0, 2).find((r) => r.status === 200);
    if (won) expect((await pay(won.body.checkoutId)).body.status).toBe('COMPLETED');
    const stored = await world.app.get('bookings').listByEvent(event.id);
    expect(await placesCheck(event.id)).toBe(4);
    expect(stored.filter((s) => s.cancelledAt === null).reduce((sum, s) => sum + s.numberAttending, 0)).toBeLessThanOrEqual(4);
  });

  it('three confirms of one change at once make one checkout and, paid from two tabs and the webhook, one charge applied once', async () => {
    const event = await addEvent(world.app, { name: 'Triple Click Supper', requiresPayment: true, price: 900, capacity: 20 });
    const { bookingId, token } = await paidBooking(event.id, 1);
    const confirms = await Promise.all([change(token, 3), change(token, 3), change(token, 3)]);
    expect(confirms.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(confirms.map((r) => r.body.checkoutId)).size).toBe(1);
    const checkoutId: string = confirms[0].body.checkoutId;
    const chargesBefore = world.gateway().charges.length;
    const paid = await Promise.all([pay(checkoutId), pay(checkoutId)]);
    expect(paid.map((r) => r.body.status)).toEqual(['COMPLETED', 'COMPLETED']);
    await webhook(checkoutId);
    expect(world.gateway().charges.slice(chargesBefore)).toEqual([expect.objectContaining({ amount: 1800 })]);
    const stored = (await world.app.get('bookings').get(bookingId))!;
    expect(stored.numberAttending).toBe(3);
    expect(stored.amendments).toHaveLength(1);
    expect(await revenue(event.id)).toEqual({ GBP: 2700 });
  });

  it('a change charged but never recorded, then replaced by another, is refunded once when its webhook comes (twice); the new change stays payable', async () => {
    const event = await addEvent(world.app, { name: 'Replaced Change Supper', requiresPayment: true, price: 500, capacity: 20 });
    const { bookingId, token } = await paidBooking(event.id, 1);
    const first: string = (await change(token, 2)).body.checkoutId;
    // The card form charged change A at the provider, but the server crashed before recording it.
    const charged = await world.gateway().completeCheckout(first, TEST_CARDS.succeeds);
    if (charged.status !== 'COMPLETED') throw new Error('change A should have been charged');
    // The member, seeing no change, confirms other numbers: change B replaces A.
    const second: string = (await change(token, 3)).body.checkoutId;
    expect(second).not.toBe(first);
    const refundsBefore = world.gateway().refunds.length;
    expect((await webhook(first)).status).toBe(200);
    expect((await webhook(first)).status).toBe(200);
    // A's money goes back, in full and once; the booking is as it was, B still waiting.
    expect(world.gateway().refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ paymentId: charged.paymentId, amount: 500, currency: 'GBP' })]);
    const stored = (await world.app.get('bookings').get(bookingId))!;
    expect(stored).toMatchObject({ numberAttending: 1, amendments: [] });
    expect(stored.pendingChange).toMatchObject({ checkoutId: second, numberAttending: 3, difference: 1000 });
    expect(await revenue(event.id)).toEqual({ GBP: 500 });
    const mail = await world.smtp.waitForSubject('Booking not changed: Replaced Change Supper');
    expect(mail.text).toContain('The £5.00 you paid for the change has been refunded to your card.');
    const audit = (await world.treasurer.get(`/api/admin/audit?recordId=${bookingId}`)).body.entries as { action: string }[];
    expect(audit.filter((e) => e.action === 'booking.change-refund')).toHaveLength(1);

    // B is paid as usual and made; A's webhook again, and the card form paying A, change nothing more.
    expect((await pay(second)).body).toMatchObject({ status: 'COMPLETED', alreadyPaid: false });
    expect((await webhook(first)).status).toBe(200);
    expect((await pay(first)).status).toBe(402);
    expect(world.gateway().refunds.slice(refundsBefore)).toHaveLength(1);
    expect(await world.app.get('bookings').get(bookingId)).toMatchObject({
      numberAttending: 3,
      pendingChange: null,
      amendments: [expect.objectContaining({ difference: 1000, checkoutId: second })],
    });
    expect(await revenue(event.id)).toEqual({ GBP: 1500 });
    expect(await placesCheck(event.id)).toBe(3);
    expect(
      (await world.app.get('outbox').list({ recordId: bookingId })).filter((m) => m.mail.subject === 'Booking not changed: Replaced Change Supper'),
    ).toHaveLength(1);
    const after = (await world.treasurer.get(`/api/admin/audit?recordId=${bookingId}`)).body.entries as { action: string }[];
    expect(after.filter((e) => e.action === 'booking.change-refund')).toHaveLength(1);
  });

  it('a change replaced while the card form charged it is refunded once and the member told once, however often its webhook comes after', async () => {
    const event = await addEvent(world.app, { name: 'Raced Change Supper', requiresPayment: true, price: 400, capacity: 20 });
    const { bookingId, token } = await paidBooking(event.id, 1);
    const first: string = (await change(token, 2)).body.checkoutId;
    // While the provider charges A, the member confirms other numbers in another tab: B replaces A.
    const real = world.gateway().completeCheckout.bind(world.gateway());
    const spy = vi.spyOn(world.gateway(), 'completeCheckout').mockImplementationOnce(async (checkoutId, cardToken) => {
      const result = await real(checkoutId, cardToken);
      expect((await change(token, 3)).status).toBe(200);
      return result;
    });
    const refundsBefore = world.gateway().refunds.length;
    try {
      await pay(first);
    } finally {
      spy.mockRestore();
    }
    await webhook(first);
    await webhook(first);
    expect(world.gateway().refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 400 })]);
    expect(await world.app.get('bookings').get(bookingId)).toMatchObject({
      numberAttending: 1,
      amendments: [],
      pendingChange: expect.objectContaining({ numberAttending: 3 }),
    });
    await world.smtp.waitForSubject('Booking not changed: Raced Change Supper');
    expect(
      (await world.app.get('outbox').list({ recordId: bookingId })).filter((m) => m.mail.subject === 'Booking not changed: Raced Change Supper'),
    ).toHaveLength(1);
    const audit = (await world.treasurer.get(`/api/admin/audit?recordId=${bookingId}`)).body.entries as { action: string }[];
    expect(audit.filter((e) => e.action === 'booking.change-refund')).toHaveLength(1);
    expect(await revenue(event.id)).toEqual({ GBP: 400 });
  });

  it('bad input to the change checkout changes nothing: an unknown or altered checkout is 404, nothing charged', async () => {
    const event = await addEvent(world.app, { name: 'Forged Change', requiresPayment: true, price: 700, capacity: 10 });
    const { token } = await paidBooking(event.id, 1);
    const { checkoutId } = (await change(token, 2)).body;
    const altered = checkoutId.replace('.700.', '.1.');
    const chargesBefore = world.gateway().charges.length;
    expect((await pay(altered)).status).toBe(404);
    expect((await world.app.agent().get(`/api/payments/checkouts/${encodeURIComponent(altered)}`)).status).toBe(404);
    expect(world.gateway().charges.length).toBe(chargesBefore);
  });
});

describe('as time passes (the clock only moves forward from here)', () => {
  it('an abandoned change lapses and frees its place; its checkout can no longer be paid; the booking stays as it was', async () => {
    const event = await addEvent(world.app, { name: 'Abandoned Change', requiresPayment: true, price: 800, capacity: 3 });
    const { bookingId, token } = await paidBooking(event.id, 1);
    const { checkoutId } = (await change(token, 3)).body;
    expect(await placesCheck(event.id)).toBe(3);
    // Never opened: the hold lasts 10 minutes.
    world.app.clock.set(new Date(world.app.clock.now().getTime() + 11 * 60_000));
    expect(await placesCheck(event.id)).toBe(1);
    const chargesBefore = world.gateway().charges.length;
    const res = await pay(checkoutId);
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('The extra places were held for you for 30 minutes and have been released. Please change the booking again.');
    expect(world.gateway().charges.length).toBe(chargesBefore);
    expect(await world.app.get('bookings').get(bookingId)).toMatchObject({ numberAttending: 1, amendments: [] });
  });

  it('a change paid after its hold lapsed and its places went is refunded once, the member told, the booking as it was', async () => {
    const event = await addEvent(world.app, { name: 'Late Change Money', requiresPayment: true, price: 600, capacity: 2 });
    const { bookingId, token } = await paidBooking(event.id, 1);
    const { checkoutId } = (await change(token, 2)).body;
    // The member opens the card step (30 minutes), then the hold lapses and someone else books the place.
    await world.app.agent().get(`/api/payments/checkouts/${encodeURIComponent(checkoutId)}`);
    world.app.clock.set(new Date(world.app.clock.now().getTime() + 31 * 60_000));
    await paidBooking(event.id, 1, 'bob@example.org');
    // The member's card was charged at the provider meanwhile: the webhook arrives now, twice.
    const charged = await world.gateway().completeCheckout(checkoutId, TEST_CARDS.succeeds);
    const refundsBefore = world.gateway().refunds.length;
    expect((await webhook(checkoutId)).status).toBe(200);
    expect((await webhook(checkoutId)).status).toBe(200);
    expect(world.gateway().refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ paymentId: charged.status === 'COMPLETED' ? charged.paymentId : '', amount: 600 }),
    ]);
    expect(await world.app.get('bookings').get(bookingId)).toMatchObject({ numberAttending: 1, amendments: [], pendingChange: null });
    expect(await placesCheck(event.id)).toBe(2);
    expect(await revenue(event.id)).toEqual({ GBP: 1200 });
    const mail = await world.smtp.waitForSubject('Booking not changed: Late Change Money');
    expect(mail.text).toContain('The £6.00 you paid for the change has been refunded to your card.');
    expect(
      (await world.app.get('outbox').list({ recordId: bookingId })).filter((m) => m.mail.subject === 'Booking not changed: Late Change Money'),
    ).toHaveLength(1);
  });
});
