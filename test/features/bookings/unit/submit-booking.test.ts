import { bookingReference } from '../../../../core/bookings/booking-reference';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemoryAddressLimitStore } from '../../../../adapters/memory/memory-address-limit-store';
import { SubmitBooking, TOO_MANY_PLACES_HELD, type SubmitBookingDeps } from '../../../../core/operations/submit-booking';
import { BookingClosedError, NotEnoughPlacesError, NotFoundError, RateLimitError, UnavailableError, ValidationError } from '../../../../core/shared/errors';
import { aForm, makeWorld, REGATTA, type World } from '../../../support/unit/world';
import { aBooking, anEvent } from '../../../support/entities';
import type { Member } from '../../../../core/members/member';

function submitBooking(world: World, overrides: Partial<SubmitBookingDeps> = {}) {
  return new SubmitBooking({ ...world, ...overrides });
}

describe('SubmitBooking', () => {
  it('stores a free booking with the cleaned-up form and answers with its reference', async () => {
    const world = makeWorld();
    await world.events.create(anEvent(REGATTA));
    const result = await submitBooking(world).execute(
      aForm({ firstName: '  Ann ', lastName: ' Sailor', numberAttending: '3 people', email: '  ann@example.org ' }),
    );
    expect(result).toEqual({
      bookingId: 'id-000001',
      reference: expect.stringMatching(/^KYC-[2-9A-Z]{5}$/),
      paymentRequired: false,
      amount: 0,
      currency: 'GBP',
      checkoutId: null,
      managePath: expect.any(String),
    });
    // A free booking is held for good at once: the answer links to its manage page, signed for it.
    const token = new URL(result.managePath!, 'https://members.example').searchParams.get('token');
    expect(world.bookingLinks.read(token!, world.clock.now())).toBe('id-000001');
    // A free booking, Ann's as submitted at the clock's time: no payment, no checkout, unchanged since.
    expect(await world.bookings.get('id-000001')).toEqual(
      aBooking({
        id: 'id-000001',
        reference: result.reference,
        eventId: 'regatta',
        lastName: 'Sailor',
        numberAttending: 3,
        numberOfChildren: 1,
        numberOfSoftDrinks: 2,
        boatName: 'Swallow',
        userEmail: 'ann@example.org',
        checkoutOpenedAt: null,
      }),
    );
    expect(world.payments.checkouts.size).toBe(0);
  });

  it('gives the booking the next reference when its first is taken, and tells the member the one stored', async () => {
    const world = makeWorld();
    await world.events.create(anEvent(REGATTA));
    const first = bookingReference('KYC', 'id-000001', 0);
    await world.bookings.addIfPlacesRemain(aBooking({ id: 'older', eventId: 'other', reference: first }), { capacity: null, now: world.clock.now() });
    const result = await submitBooking(world).execute(aForm());
    expect(result.reference).toBe(bookingReference('KYC', 'id-000001', 1));
    expect((await world.bookings.get('id-000001'))?.reference).toBe(result.reference);
    expect((await world.outbox.list({ limit: 10 }))[0].mail.text).toContain(`Booking reference: ${result.reference}`);
  });

  it('ignores the fields an event does not offer', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, offerChild: false, offerSoftDrinks: false, offerVeg: false, isBoatEvent: false }));
    const { bookingId } = await submitBooking(world).execute(
      aForm({ numberAttending: '2', numberOfChildren: '9', numberOfSoftDrinks: '-1', numberOfVegetarian: '7', boatName: 'Ghost', email: '' }),
    );
    expect(await world.bookings.get(bookingId)).toMatchObject({
      numberAttending: 2,
      numberOfChildren: 0,
      numberOfSoftDrinks: 0,
      numberOfVegetarian: 0,
      boatName: null,
      userEmail: null,
    });
  });

  it('refuses a form that breaks the booking rules, with the spec messages per field, and stores nothing', async () => {
    const world = makeWorld();
    await world.events.create(anEvent(REGATTA));
    const use = submitBooking(world);
    await expect(use.execute(aForm({ firstName: '   ' }))).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'First name is required',
      fields: { firstName: 'First name is required' },
    });
    await expect(use.execute(aForm({ numberAttending: '0' }))).rejects.toMatchObject({ fields: { numberAttending: 'Number of attendees must be at least 1' } });
    await expect(use.execute(aForm({ numberAttending: '2', numberOfChildren: '3' }))).rejects.toMatchObject({
      message: 'Number of children (3) cannot exceed total attendees (2)',
    });
    await expect(use.execute(aForm({ numberOfVegetarian: -1 }))).rejects.toMatchObject({
      fields: { numberOfVegetarian: 'Number of vegetarian meals cannot be negative.' },
    });
    await expect(use.execute(aForm({ numberAttending: '51', numberOfChildren: '' }))).rejects.toMatchObject({
      message: 'A booking can be for at most 50 attendees',
    });
    await expect(use.execute(aForm({ firstName: 42 }))).rejects.toBeInstanceOf(ValidationError);
    await expect(use.execute(null)).rejects.toMatchObject({ code: 'VALIDATION', message: 'No event ID provided' });
    await expect(use.execute('not an object')).rejects.toBeInstanceOf(ValidationError);
    expect(await world.bookings.listAll()).toEqual([]);
  });

  it('says when no event id was given, and 404s an unknown event', async () => {
    const world = makeWorld();
    await expect(submitBooking(world).execute(aForm({ eventId: '  ' }))).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'No event ID provided',
      fields: { eventId: 'No event ID provided' },
    });
    const unknown = submitBooking(world).execute(aForm({ eventId: 'nope' }));
    await expect(unknown).rejects.toBeInstanceOf(NotFoundError);
    await expect(unknown).rejects.toThrow('Event not found');
  });

  it.each([
    ['booking is switched off', { allowBooking: false }, '2026-06-01T09:00:00.000Z'],
    ['the booking end date has passed', { bookingEndDate: '2026-05-31T23:00:00.000Z' }, '2026-06-01T09:00:00.000Z'],
    ['the event is over', {}, '2026-07-04T16:00:01.000Z'],
  ])('refuses a booking when %s and stores nothing', async (_why, overrides, now) => {
    const world = makeWorld();
    world.clock.set(now);
    await world.events.create(anEvent({ ...REGATTA, ...overrides }));
    const attempt = submitBooking(world).execute(aForm());
    await expect(attempt).rejects.toBeInstanceOf(BookingClosedError);
    await expect(attempt).rejects.toThrow('Booking is closed for this event');
    expect(await world.bookings.listAll()).toEqual([]);
  });

  it('still takes a booking at the very instant of the booking end date', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, bookingEndDate: '2026-06-01T09:00:00.000Z' }));
    await expect(submitBooking(world).execute(aForm())).resolves.toMatchObject({ bookingId: 'id-000001' });
  });

  it('prices a paid booking on the server (children half price) and opens a checkout for it', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1251, currency: 'EUR' }));
    const result = await submitBooking(world).execute(aForm({ numberAttending: '3', numberOfChildren: '1', amount: 1, totalAmount: 1 }));
    // 2 adults x 12.51 + 1 child x 6.26 (half, rounded up) = 31.28
    expect(result).toEqual({
      bookingId: 'id-000001',
      reference: expect.stringMatching(/^KYC-[2-9A-Z]{5}$/),
      paymentRequired: true,
      amount: 3128,
      currency: 'EUR',
      checkoutId: 'chk_1_id-000001',
      managePath: null,
    });
    const checkout = world.payments.checkouts.get('chk_1_id-000001');
    expect(checkout).toMatchObject({ bookingId: 'id-000001', amount: 3128, currency: 'EUR' });
    expect(await world.bookings.get('id-000001')).toMatchObject({
      paymentRequired: true,
      paid: false,
      paymentAmount: 3128,
      paymentCurrency: 'EUR',
      checkoutId: 'chk_1_id-000001',
    });
  });

  describe('member price', () => {
    // The world's clock reads 1 June 2026, 10:00 in London.
    const member: Member = {
      id: 'member-1',
      name: 'Ann Sailor',
      email: 'ann@example.org',
      membershipType: 'Adult',
      renewalDate: '2026-06-01',
      disabled: false,
      createdAt: '2025-06-01T09:00:00.000Z',
      updatedAt: '2025-06-01T09:00:00.000Z',
    };
    const ADDRESS = '203.0.113.9';

    it('charges a current member the member price for their own place, guests the standard price, and the card checkout the same', async () => {
      const world = makeWorld();
      await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1500, memberPrice: 1000 }));
      const result = await submitBooking(world).execute(aForm({ numberAttending: '3', numberOfChildren: '1', amount: 1, totalAmount: 1 }), {
        address: ADDRESS,
        member,
      });
      // The member 10.00 + one adult guest 15.00 + one child guest 7.50.
      expect(result).toMatchObject({ paymentRequired: true, amount: 3250 });
      expect(world.payments.checkouts.get(result.checkoutId!)).toMatchObject({ amount: 3250 });
      expect(await world.bookings.get(result.bookingId)).toMatchObject({ paymentAmount: 3250, priceKind: 'member', memberId: 'member-1', memberPlaces: 1 });
    });

    it('charges the standard price to a member whose membership lapsed the day before, or who is disabled, and records who booked', async () => {
      for (const who of [
        { ...member, renewalDate: '2026-05-31' },
        { ...member, disabled: true },
      ]) {
        const world = makeWorld();
        await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1500, memberPrice: 1000 }));
        const result = await submitBooking(world).execute(
          aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0' }),
          { address: ADDRESS, member: who },
        );
        expect(result.amount).toBe(1500);
        expect(await world.bookings.get(result.bookingId)).toMatchObject({ paymentAmount: 1500, priceKind: 'standard', memberId: 'member-1', memberPlaces: 0 });
      }
    });

    it('charges the standard price to a booking made without signing in', async () => {
      const world = makeWorld();
      await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1500, memberPrice: 1000 }));
      const result = await submitBooking(world).execute(
        aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0' }),
        { address: ADDRESS, member: null },
      );
      expect(result.amount).toBe(1500);
      expect(await world.bookings.get(result.bookingId)).toMatchObject({ priceKind: 'standard', memberId: null, memberPlaces: 0 });
    });

    it('makes a member price of 0 a free booking for a member alone: no checkout is opened', async () => {
      const world = makeWorld();
      await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1500, memberPrice: 0 }));
      const result = await submitBooking(world).execute(
        aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0' }),
        { address: ADDRESS, member },
      );
      expect(result).toMatchObject({ paymentRequired: false, amount: 0, checkoutId: null });
      expect(world.payments.checkouts.size).toBe(0);
      expect(await world.bookings.get(result.bookingId)).toMatchObject({ priceKind: 'member', memberId: 'member-1', paymentAmount: null });
    });
  });

  it('treats an event that asks for payment at a price of 0 as free: no checkout is opened', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 0 }));
    const result = await submitBooking(world).execute(aForm());
    expect(result).toMatchObject({ paymentRequired: false, amount: 0, checkoutId: null });
    expect(world.payments.checkouts.size).toBe(0);
  });

  it('refuses a paid booking in a currency the card account cannot take, before storing or opening anything', async () => {
    const world = makeWorld();
    world.payments.takesOnly = 'EUR';
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1000, currency: 'GBP' }));
    await expect(submitBooking(world).execute(aForm())).rejects.toThrow('Card payment is not yet available for this event');
    expect(await world.bookings.listAll()).toEqual([]);
    expect(world.payments.checkouts.size).toBe(0);
    // The same event in the account's currency books as before.
    await world.events.update({ ...(await world.events.get('regatta'))!, currency: 'EUR' });
    expect((await submitBooking(world).execute(aForm())).currency).toBe('EUR');
  });

  it('passes on a payment provider failure, storing nothing: the places stay free', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1000, capacity: 3 }));
    world.payments.failNextCheckout = new UnavailableError('Payment provider unavailable');
    await expect(submitBooking(world).execute(aForm({ numberAttending: '3' }))).rejects.toBeInstanceOf(UnavailableError);
    expect(await world.bookings.listAll()).toEqual([]);
    const booked = await submitBooking(world).execute(aForm({ numberAttending: '3' }));
    expect(booked).toMatchObject({ paymentRequired: true, checkoutId: expect.any(String) });
    // The booking is stored with its checkout already in it.
    expect((await world.bookings.get(booked.bookingId))?.checkoutId).toBe(booked.checkoutId);
    await expect(submitBooking(world).execute(aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0' }))).rejects.toBeInstanceOf(
      NotEnoughPlacesError,
    );
  });

  it("caps the places one address's bookings hold for 30 minutes, and frees a refused booking's share", async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1000, capacity: 5 }));
    const limits = new MemoryAddressLimitStore();
    const use = submitBooking(world, { addressLimits: limits, bookingLimits: { maxHeldPlacesPerAddress: 6 } });
    const home = { address: '198.51.100.7', member: null };
    await use.execute(aForm({ numberAttending: '3' }), home);
    // Refused for lack of places: its share of the address's cap is given back.
    await expect(use.execute(aForm({ numberAttending: '3' }), home)).rejects.toBeInstanceOf(NotEnoughPlacesError);
    world.payments.failNextCheckout = new UnavailableError('Payment provider unavailable');
    await expect(use.execute(aForm({ numberAttending: '2', numberOfChildren: '0', numberOfSoftDrinks: '0' }), home)).rejects.toBeInstanceOf(UnavailableError);
    await use.execute(aForm({ numberAttending: '2', numberOfChildren: '0', numberOfSoftDrinks: '0' }), home);
    await world.events.update({ ...(await world.events.get('regatta'))!, capacity: 50 });
    const over = use.execute(aForm({ numberAttending: '2', numberOfChildren: '0', numberOfSoftDrinks: '0' }), home);
    await expect(over).rejects.toBeInstanceOf(RateLimitError);
    await expect(over).rejects.toThrow(TOO_MANY_PLACES_HELD);
    await use.execute(aForm({ numberAttending: '2', numberOfChildren: '0', numberOfSoftDrinks: '0' }), { address: '203.0.113.5', member: null });
    world.clock.advance(30 * 60 * 1000);
    await use.execute(aForm({ numberAttending: '6', numberOfChildren: '0', numberOfSoftDrinks: '0' }), home);
  });

  it('refuses a booking that would overfill the event, saying how many places are left', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, capacity: 4 }));
    const use = submitBooking(world);
    await use.execute(aForm({ numberAttending: '3' }));
    const over = use.execute(aForm({ numberAttending: '2', numberOfChildren: '0' }));
    await expect(over).rejects.toMatchObject({ code: 'NOT_ENOUGH_PLACES', placesLeft: 1, message: 'Sorry, only 1 places are left' });
    await use.execute(aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0' }));
    await expect(use.execute(aForm({ numberAttending: '1', numberOfChildren: '0', numberOfSoftDrinks: '0' }))).rejects.toMatchObject({
      placesLeft: 0,
      message: 'Fully booked',
    });
    expect(await world.bookings.countByEvent('regatta')).toBe(2);
  });

  it('lets the test hook charge £1 only when the server enables it', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1500 }));
    const hooked = submitBooking(world, { testHook: true });
    await expect(hooked.execute(aForm({ numberAttending: '123456789' }))).resolves.toMatchObject({ amount: 100, paymentRequired: true });
    await expect(submitBooking(world).execute(aForm({ numberAttending: '123456789' }))).rejects.toMatchObject({
      message: 'A booking can be for at most 50 attendees',
    });
  });

  it('charges adults the full price and children half, rounded up, for any valid form', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50 }),
        fc.nat(50),
        fc.integer({ min: 0, max: 50_000 }),
        fc.boolean(),
        async (attending, childrenSeed, price, requiresPayment) => {
          const children = childrenSeed % (attending + 1);
          const world = makeWorld();
          await world.events.create(anEvent({ ...REGATTA, requiresPayment, price }));
          const result = await submitBooking(world).execute(
            aForm({ numberAttending: String(attending), numberOfChildren: String(children), numberOfSoftDrinks: '0', numberOfVegetarian: '0' }),
          );
          const expected = requiresPayment ? (attending - children) * price + children * Math.ceil(price / 2) : 0;
          expect(result.amount).toBe(expected);
          expect(result.paymentRequired).toBe(expected > 0);
          expect(result.checkoutId !== null).toBe(expected > 0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never lets any sequence of bookings exceed the capacity', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.record({ attending: fc.integer({ min: 1, max: 8 }), minutesLater: fc.nat(20) }), { maxLength: 15 }),
        fc.boolean(),
        async (capacity, requests, paid) => {
          const world = makeWorld();
          await world.events.create(anEvent({ ...REGATTA, capacity, requiresPayment: paid, price: paid ? 500 : 0 }));
          const use = submitBooking(world);
          for (const request of requests) {
            world.clock.advance(request.minutesLater * 60 * 1000);
            const bookings = await world.bookings.listByEvent('regatta');
            const now = world.clock.now().getTime();
            // Unpaid holds of a paid event lapse after 10 minutes while their checkout is never
            // opened; nothing is opened or paid in this run.
            const taken = bookings
              .filter((b) => !b.paymentRequired || now < Date.parse(b.submittedAt) + 10 * 60 * 1000)
              .reduce((sum, b) => sum + b.numberAttending, 0);
            const attempt = use.execute(
              aForm({ numberAttending: String(request.attending), numberOfChildren: '0', numberOfSoftDrinks: '0', numberOfVegetarian: '0' }),
            );
            if (taken + request.attending <= capacity) {
              await expect(attempt).resolves.toMatchObject({ paymentRequired: paid });
            } else {
              await expect(attempt).rejects.toMatchObject({ code: 'NOT_ENOUGH_PLACES', placesLeft: capacity - taken });
            }
            expect(taken).toBeLessThanOrEqual(capacity);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never overfills when bookings arrive at the same time', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, capacity: 10 }));
    const use = submitBooking(world);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => use.execute(aForm({ numberAttending: '3', numberOfChildren: '0', numberOfSoftDrinks: '0' }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const stored = await world.bookings.listByEvent('regatta');
    expect(stored.reduce((sum, b) => sum + b.numberAttending, 0)).toBe(9);
  });
});
