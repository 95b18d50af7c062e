import fc from 'fast-check';
import { expect, it } from 'vitest';
import { HOLD_MINUTES, placesTaken } from '../../../../core/bookings/booking-state';
import type { Booking } from '../../../../core/bookings/booking';
import { bookedFields, placesOperations } from '../../../support/places-operations';
import { ConflictError, NotFoundError } from '../../../../core/shared/errors';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import { markPaidByCard, minutesAfter, rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { aBooking, aCardPaidBooking, anAmendment, anUnpaidBooking, aPendingChange } from '../../../support/entities';

const SUBMITTED = '2026-06-01T09:00:00.000Z';
const AT_SUBMISSION = new Date(SUBMITTED);

export function describeBookingRepositoryContract(name: string, makeAdapter: AdapterFactory<BookingRepository>): void {
  describeContract('BookingRepository', name, makeAdapter, (bookings) => {
    itAnswers('returns null for a booking that does not exist', [() => bookings().get('no-such-booking'), null]);

    itAnswers(
      'finds nothing, and throws nothing, for an id or checkout id that is not well-formed Unicode',
      [() => bookings().get('x\ud800'), null],
      [() => bookings().findByCheckoutId('\ud800'), null],
    );

    it('always adds a booking when the event has no capacity, and gives it back unchanged', async () => {
      const booking = aBooking({
        numberAttending: 500,
        numberOfChildren: 2,
        numberOfSoftDrinks: 3,
        numberOfVegetarian: 1,
        boatName: 'Saucy Sue',
        userEmail: 'ann@example.com',
        submittedAt: '2026-06-01T10:00:00+01:00',
      });
      expect(await bookings().addIfPlacesRemain(booking, { capacity: null, now: AT_SUBMISSION })).toEqual({ added: true });
      expect(await bookings().get(booking.id)).toEqual(booking);
    });

    it('gives back which price a booking was charged and the member who made it', async () => {
      const booking = aBooking({
        priceKind: 'member',
        memberId: 'member-7',
        memberPlaces: 2,
        paymentRequired: true,
        paymentAmount: 2000,
        paymentCurrency: 'GBP',
      });
      await bookings().addIfPlacesRemain(booking, { capacity: null, now: AT_SUBMISSION });
      expect(await bookings().get(booking.id)).toEqual(booking);
      const guest = aBooking({ id: 'guest-booking' });
      await bookings().addIfPlacesRemain(guest, { capacity: null, now: AT_SUBMISSION });
      expect(await bookings().get(guest.id)).toMatchObject({ priceKind: 'standard', memberId: null, memberPlaces: 0 });
    });

    it('gives back the household attendees named with a booking, in their order, through reads and changes', async () => {
      const householdAttendees: Booking['householdAttendees'] = [
        { personId: 'p-milly', name: 'Milly Jones', kind: 'junior', place: 'child', memberPrice: true },
        { personId: 'p-sam', name: 'Sam Jones', kind: 'adult', place: 'adult', memberPrice: true },
      ];
      const booking = aBooking({
        numberAttending: 3,
        numberOfChildren: 1,
        priceKind: 'member',
        memberId: 'member-7',
        memberPlaces: 3,
        userEmail: 'ann@example.org',
        householdAttendees,
      });
      await bookings().addIfPlacesRemain(booking, { capacity: null, now: AT_SUBMISSION });
      expect(await bookings().get(booking.id)).toEqual(booking);
      expect((await bookings().listByEvent(booking.eventId))[0].householdAttendees).toEqual(householdAttendees);
      expect((await bookings().listForMember({ memberId: 'member-7', emailKey: 'ann@example.org' }, 10))[0].householdAttendees).toEqual(householdAttendees);
      const changed = await bookings().change(booking.id, AT_SUBMISSION, (current) => ({ booking: { ...current, boatName: 'Heron' } }));
      expect(changed.booking.householdAttendees).toEqual(householdAttendees);
      expect(await bookings().get(booking.id)).toEqual({ ...booking, boatName: 'Heron' });
      // A change that names fewer (an admin's correction) stores fewer.
      await bookings().change(booking.id, AT_SUBMISSION, (current) => ({ booking: { ...current, householdAttendees: current.householdAttendees.slice(1) } }));
      expect((await bookings().get(booking.id))?.householdAttendees).toEqual(householdAttendees.slice(1));
    });

    it("gives back a booking's changes (amendments) in their order through reads and changes, and counts its new places", async () => {
      const booking = aBooking({ numberAttending: 4 });
      await bookings().addIfPlacesRemain(booking, { capacity: 10, now: AT_SUBMISSION });
      const amendment = anAmendment({ at: SUBMITTED, numberAttendingBefore: 4, difference: -2500, refundStatus: 'pending' });
      await bookings().change(booking.id, AT_SUBMISSION, (current) => ({ booking: { ...current, numberAttending: 2, amendments: [amendment] } }));
      const settled = { ...amendment, refundStatus: 'refunded' as const, refundId: 'r-1', refundedAt: SUBMITTED };
      await bookings().change(booking.id, AT_SUBMISSION, (current) => ({ booking: { ...current, amendments: [settled] } }));
      expect(await bookings().get(booking.id)).toEqual({ ...booking, numberAttending: 2, amendments: [settled] });
      expect((await bookings().listByEvent(booking.eventId))[0].amendments).toEqual([settled]);
      expect((await bookings().placesTakenByEvent([booking.eventId], AT_SUBMISSION)).get(booking.eventId)).toBe(2);
    });

    it('refuses a booking whose id exists, keeping the first', async () => {
      const first = aBooking({ firstName: 'First' });
      await bookings().addIfPlacesRemain(first, { capacity: null, now: AT_SUBMISSION });
      const error = await rejectionOf(bookings().addIfPlacesRemain(aBooking({ firstName: 'Second' }), { capacity: null, now: AT_SUBMISSION }));
      expect(error).toBeInstanceOf(ConflictError);
      expect(await bookings().get(first.id)).toEqual(first);
    });

    it('adds bookings up to the capacity and then says how many places are left', async () => {
      const limit = { capacity: 10, now: AT_SUBMISSION };
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 6 }), limit)).toEqual({ added: true });
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'b2', numberAttending: 5 }), limit)).toEqual({ added: false, placesLeft: 4 });
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'b3', numberAttending: 4 }), limit)).toEqual({ added: true });
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'b4', numberAttending: 1 }), limit)).toEqual({ added: false, placesLeft: 0 });
      expect(await bookings().get('b2')).toBeNull();
      expect(await bookings().get('b4')).toBeNull();
      expect(await bookings().countByEvent('summer-regatta')).toBe(2);
    });

    it('refuses a single booking larger than the whole capacity', async () => {
      expect(await bookings().addIfPlacesRemain(aBooking({ numberAttending: 11 }), { capacity: 10, now: AT_SUBMISSION })).toEqual({
        added: false,
        placesLeft: 10,
      });
    });

    it('never reports fewer than 0 places left, even when the capacity was lowered below the bookings', async () => {
      await bookings().addIfPlacesRemain(aBooking({ id: 'big', numberAttending: 8 }), { capacity: 10, now: AT_SUBMISSION });
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'one', numberAttending: 1 }), { capacity: 5, now: AT_SUBMISSION })).toEqual({
        added: false,
        placesLeft: 0,
      });
    });

    it('counts only the bookings of the same event', async () => {
      await bookings().addIfPlacesRemain(aBooking({ id: 'other', eventId: 'winter-party', numberAttending: 10 }), { capacity: 10, now: AT_SUBMISSION });
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'mine', numberAttending: 10 }), { capacity: 10, now: AT_SUBMISSION })).toEqual({ added: true });
    });

    it('keeps the places of free and paid bookings for good', async () => {
      await bookings().addIfPlacesRemain(aBooking({ id: 'free', numberAttending: 2 }), { capacity: 4, now: AT_SUBMISSION });
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'paid', numberAttending: 2, paid: true, paymentId: 'pay-1', paymentCompletedAt: SUBMITTED }), {
        capacity: 4,
        now: AT_SUBMISSION,
      });
      const aYearLater = minutesAfter(SUBMITTED, 365 * 24 * 60);
      expect(
        await bookings().addIfPlacesRemain(aBooking({ id: 'late', numberAttending: 1, submittedAt: aYearLater.toISOString() }), {
          capacity: 4,
          now: aYearLater,
        }),
      ).toEqual({ added: false, placesLeft: 0 });
    });

    it('holds the places of an unpaid booking for 30 minutes, then releases them', async () => {
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'unpaid', numberAttending: 3 }), { capacity: 3, now: AT_SUBMISSION });

      const at29 = minutesAfter(SUBMITTED, 29);
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'too-soon', submittedAt: at29.toISOString() }), { capacity: 3, now: at29 })).toEqual({
        added: false,
        placesLeft: 0,
      });

      const at30 = minutesAfter(SUBMITTED, 30);
      expect(
        await bookings().addIfPlacesRemain(aBooking({ id: 'after-hold', numberAttending: 3, submittedAt: at30.toISOString() }), { capacity: 3, now: at30 }),
      ).toEqual({ added: true });
      // The lapsed booking is still stored: it only stopped holding places.
      expect(await bookings().get('unpaid')).not.toBeNull();
      expect(await bookings().countByEvent('summer-regatta')).toBe(2);
    });

    it('lets 50 simultaneous bookings of 1 fill a capacity of 10 exactly', async () => {
      const attempts = Array.from({ length: 50 }, (_, i) =>
        bookings().addIfPlacesRemain(aBooking({ id: `rush-${String(i).padStart(2, '0')}`, numberAttending: 1 }), { capacity: 10, now: AT_SUBMISSION }),
      );
      const results = await Promise.all(attempts);
      expect(results.filter((r) => r.added)).toHaveLength(10);
      expect(results.filter((r) => !r.added)).toEqual(Array.from({ length: 40 }, () => ({ added: false, placesLeft: 0 })));
      expect(await bookings().countByEvent('summer-regatta')).toBe(10);
      const stored = await bookings().listByEvent('summer-regatta');
      expect(stored.reduce((sum, b) => sum + b.numberAttending, 0)).toBe(10);
    });

    it('never overfills when simultaneous bookings of different sizes race', async () => {
      const sizes = [3, 5, 2, 4, 1, 6, 2, 3, 1, 5, 4, 2];
      const results = await Promise.all(
        sizes.map((numberAttending, i) => bookings().addIfPlacesRemain(aBooking({ id: `mixed-${i}`, numberAttending }), { capacity: 12, now: AT_SUBMISSION })),
      );
      const stored = await bookings().listByEvent('summer-regatta');
      const taken = stored.reduce((sum, b) => sum + b.numberAttending, 0);
      expect(taken).toBeLessThanOrEqual(12);
      expect(stored).toHaveLength(results.filter((r) => r.added).length);
      for (const result of results) if ('placesLeft' in result) expect(result.placesLeft).toBeGreaterThanOrEqual(0);
    });

    it('lists every booking newest first and each event’s bookings newest first', async () => {
      const put = (id: string, eventId: string, submittedAt: string) =>
        bookings().addIfPlacesRemain(aBooking({ id, eventId, submittedAt }), { capacity: null, now: AT_SUBMISSION });
      await put('middle', 'regatta', '2026-06-02T09:00:00.000Z');
      await put('oldest', 'party', '2026-06-01T09:00:00.000Z');
      // 10:30+01:00 is 09:30 UTC: later than 'middle' although its text sorts earlier.
      await put('newest', 'regatta', '2026-06-02T10:30:00+01:00');
      await put('tie-b', 'party', '2026-06-01T12:00:00.000Z');
      await put('tie-a', 'party', '2026-06-01T12:00:00.000Z');

      expect((await bookings().listAll()).map((b) => b.id)).toEqual(['newest', 'middle', 'tie-a', 'tie-b', 'oldest']);
      expect((await bookings().listByEvent('regatta')).map((b) => b.id)).toEqual(['newest', 'middle']);
      expect((await bookings().listByEvent('party')).map((b) => b.id)).toEqual(['tie-a', 'tie-b', 'oldest']);
      expect(await bookings().listByEvent('nothing-booked')).toEqual([]);
    });

    it('lists a member’s own bookings and the guest bookings of their e-mail (any case), never another member’s, newest first, limited', async () => {
      const put = (id: string, fields: Partial<Booking>) => bookings().addIfPlacesRemain(aBooking({ id, ...fields }), { capacity: null, now: AT_SUBMISSION });
      await put('own-old', { memberId: 'm-1', userEmail: 'ann@example.org', submittedAt: '2026-06-01T09:00:00.000Z' });
      await put('own-new', { memberId: 'm-1', userEmail: null, submittedAt: '2026-06-03T09:00:00.000Z' });
      await put('guest', { userEmail: '  Ann@Example.ORG ', submittedAt: '2026-06-02T09:00:00.000Z' });
      await put('other-member', { memberId: 'm-2', userEmail: 'ann@example.org', submittedAt: '2026-06-04T09:00:00.000Z' });
      await put('stranger', { userEmail: 'bob@example.org', submittedAt: '2026-06-05T09:00:00.000Z' });
      const member = { memberId: 'm-1', emailKey: 'ann@example.org' };
      expect((await bookings().listForMember(member, 10)).map((b) => b.id)).toEqual(['own-new', 'guest', 'own-old']);
      expect((await bookings().listForMember(member, 1)).map((b) => b.id)).toEqual(['own-new', 'guest']);
      expect(await bookings().listForMember({ memberId: 'm-9', emailKey: 'nobody@example.org' }, 10)).toEqual([]);
    });

    it('finds nothing to back-fill in bookings it wrote itself, and changes none of them', async () => {
      const limit = { capacity: null, now: AT_SUBMISSION };
      await bookings().addIfPlacesRemain(aBooking({ id: 'guest', userEmail: ' Ann@Example.ORG' }), limit);
      await bookings().addIfPlacesRemain(aBooking({ id: 'no-email', userEmail: null }), limit);
      const before = await bookings().listAll();
      expect(await bookings().assignMissingEmailKeys()).toBe(0);
      expect(await bookings().assignMissingEmailKeys()).toBe(0);
      expect(await bookings().listAll()).toEqual(before);
      expect((await bookings().listForMember({ memberId: 'm-1', emailKey: 'ann@example.org' }, 10)).map((b) => b.id)).toEqual(['guest']);
    });

    it('counts an event’s bookings whatever their payment state', async () => {
      const limit = { capacity: null, now: AT_SUBMISSION };
      await bookings().addIfPlacesRemain(aBooking({ id: 'free' }), limit);
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'unpaid', submittedAt: '2026-01-01T00:00:00.000Z' }), limit);
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'paid', paid: true }), limit);
      await bookings().addIfPlacesRemain(aBooking({ id: 'elsewhere', eventId: 'winter-party' }), limit);
      expect(await bookings().countByEvent('summer-regatta')).toBe(3);
      expect(await bookings().countByEvent('winter-party')).toBe(1);
      expect(await bookings().countByEvent('no-bookings')).toBe(0);
    });

    it('records a checkout and finds the booking by it', async () => {
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'to-pay' }), { capacity: null, now: AT_SUBMISSION });
      expect(await bookings().findByCheckoutId('chk-123')).toBeNull();
      await bookings().setCheckout('to-pay', 'chk-123');
      expect(await bookings().findByCheckoutId('chk-123')).toEqual(anUnpaidBooking({ id: 'to-pay', checkoutId: 'chk-123' }));
      expect(await bookings().findByCheckoutId('chk-other')).toBeNull();
    });

    it("finds a booking by a larger change's own checkout for good: while it waits, once it is paid, and after another replaced it", async () => {
      const paid = aCardPaidBooking({ id: 'grows', checkoutId: 'chk-booking' });
      await bookings().addIfPlacesRemain(paid, { capacity: null, now: AT_SUBMISSION });
      const pending = (checkoutId: string, attempt: number) => aPendingChange({ attempt, checkoutId, at: SUBMITTED });
      await bookings().change('grows', AT_SUBMISSION, (current) => ({ booking: { ...current, pendingChange: pending('chk-change-1', 1), changeAttempts: 1 } }));
      expect(await bookings().findByCheckoutId('chk-change-1')).toMatchObject({ id: 'grows', pendingChange: pending('chk-change-1', 1) });
      expect(await bookings().findByCheckoutId('chk-booking')).toMatchObject({ id: 'grows' });
      // Replaced by another change: both checkouts still name the booking (a late payment of the first is refunded).
      await bookings().change('grows', AT_SUBMISSION, (current) => ({ booking: { ...current, pendingChange: pending('chk-change-2', 2), changeAttempts: 2 } }));
      // Paid and made: the change's checkout is on its amendment, and still finds the booking.
      await bookings().change('grows', AT_SUBMISSION, (current) => ({
        booking: {
          ...current,
          numberAttending: 2,
          pendingChange: null,
          amendments: [anAmendment({ at: SUBMITTED, paymentId: 'pay-2', checkoutId: 'chk-change-2' })],
        },
      }));
      for (const checkoutId of ['chk-change-1', 'chk-change-2', 'chk-booking']) expect((await bookings().findByCheckoutId(checkoutId))?.id).toBe('grows');
      expect(await bookings().findByCheckoutId('chk-change-3')).toBeNull();
      expect((await bookings().get('grows'))?.amendments[0]).toMatchObject({ paymentId: 'pay-2', checkoutId: 'chk-change-2' });
    });

    it("holds a waiting change's extra places until its hold lapses (10 minutes, 30 once opened), and the recount agrees", async () => {
      const paid = aCardPaidBooking({ id: 'holds-more', eventId: 'change-holds' });
      await bookings().addIfPlacesRemain(paid, { capacity: 5, now: AT_SUBMISSION });
      const waiting = aPendingChange({ checkoutId: 'chk-grow', at: SUBMITTED, numberAttending: 4, difference: 3000 });
      await bookings().change('holds-more', AT_SUBMISSION, (current) => ({ booking: { ...current, pendingChange: waiting, changeAttempts: 1 } }));
      const taken = async (at: Date) => (await bookings().placesTakenByEvent(['change-holds'], at)).get('change-holds');
      expect(await taken(AT_SUBMISSION)).toBe(4);
      // Another booking finds only one place left while the change's three are held.
      expect(
        await bookings().addIfPlacesRemain(aBooking({ id: 'other', eventId: 'change-holds', numberAttending: 2 }), {
          capacity: 5,
          now: minutesAfter(SUBMITTED, 1),
        }),
      ).toEqual({ added: false, placesLeft: 1 });
      expect(await bookings().checkPlaces({ now: minutesAfter(SUBMITTED, 1), repair: false })).toEqual([]);
      expect(await taken(minutesAfter(SUBMITTED, 10))).toBe(1);
      // Opened (by the card step): held for 30 minutes from the change.
      await bookings().change('holds-more', minutesAfter(SUBMITTED, 5), (current) => ({
        booking: { ...current, pendingChange: { ...waiting, checkoutOpenedAt: minutesAfter(SUBMITTED, 5).toISOString() } },
      }));
      expect(await taken(minutesAfter(SUBMITTED, 29))).toBe(4);
      expect(await bookings().checkPlaces({ now: minutesAfter(SUBMITTED, 29), repair: false })).toEqual([]);
      expect(await taken(minutesAfter(SUBMITTED, 30))).toBe(1);
      expect(await bookings().checkPlaces({ now: minutesAfter(SUBMITTED, 31), repair: false })).toEqual([]);
    });

    it('refuses to record a checkout for an unknown booking', async () => {
      expect(await rejectionOf(bookings().setCheckout('ghost', 'chk-1'))).toBeInstanceOf(NotFoundError);
      expect(await bookings().findByCheckoutId('chk-1')).toBeNull();
    });

    it('marks a booking paid once; marking it again changes nothing', async () => {
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'to-pay', checkoutId: 'chk-1' }), { capacity: null, now: AT_SUBMISSION });
      expect(await markPaidByCard(bookings(), 'to-pay', { paymentId: 'pay-1', paymentCompletedAt: '2026-06-01T09:05:00.000Z' })).toBe(true);
      const paid = anUnpaidBooking({
        id: 'to-pay',
        checkoutId: 'chk-1',
        paid: true,
        paymentMethod: 'card',
        paymentId: 'pay-1',
        paymentCompletedAt: '2026-06-01T09:05:00.000Z',
      });
      expect(await bookings().get('to-pay')).toEqual(paid);

      expect(await markPaidByCard(bookings(), 'to-pay', { paymentId: 'pay-2', paymentCompletedAt: '2026-06-01T09:06:00.000Z' })).toBe(false);
      expect(await markPaidByCard(bookings(), 'to-pay', { paymentId: 'pay-1', paymentCompletedAt: '2026-06-01T09:05:00.000Z' })).toBe(false);
      expect(await bookings().get('to-pay')).toEqual(paid);
    });

    it('lets only one of two simultaneous confirmations mark a booking paid', async () => {
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'to-pay' }), { capacity: null, now: AT_SUBMISSION });
      const results = await Promise.all([
        markPaidByCard(bookings(), 'to-pay', { paymentId: 'pay-a', paymentCompletedAt: '2026-06-01T09:05:00.000Z' }),
        markPaidByCard(bookings(), 'to-pay', { paymentId: 'pay-b', paymentCompletedAt: '2026-06-01T09:05:01.000Z' }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results[0] ? 'pay-a' : 'pay-b';
      expect((await bookings().get('to-pay'))?.paymentId).toBe(winner);
    });

    it('refuses to mark an unknown booking paid', async () => {
      const error = await rejectionOf(markPaidByCard(bookings(), 'ghost', { paymentId: 'pay-1', paymentCompletedAt: SUBMITTED }));
      expect(error).toBeInstanceOf(NotFoundError);
    });

    it('holds the places of a booking paid after its hold lapsed', async () => {
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'slow-payer', numberAttending: 2 }), { capacity: 2, now: AT_SUBMISSION });
      await markPaidByCard(bookings(), 'slow-payer', { paymentId: 'pay-1', paymentCompletedAt: minutesAfter(SUBMITTED, 45).toISOString() });
      const later = minutesAfter(SUBMITTED, 60);
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'next', submittedAt: later.toISOString() }), { capacity: 2, now: later })).toEqual({
        added: false,
        placesLeft: 0,
      });
    });

    it('gives the places taken of many events at once: 0 for an event without bookings', async () => {
      await bookings().addIfPlacesRemain(aBooking({ id: 'a', numberAttending: 3 }), { capacity: 10, now: AT_SUBMISSION });
      await bookings().addIfPlacesRemain(aBooking({ id: 'b', eventId: 'winter-party', numberAttending: 2 }), { capacity: null, now: AT_SUBMISSION });
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'c', eventId: 'winter-party', numberAttending: 4 }), { capacity: 20, now: AT_SUBMISSION });
      const taken = await bookings().placesTakenByEvent(['summer-regatta', 'winter-party', 'no-bookings', 'x\ud800'], AT_SUBMISSION);
      expect(Object.fromEntries(taken)).toEqual({ 'summer-regatta': 3, 'winter-party': 6, 'no-bookings': 0, 'x\ud800': 0 });
      expect(Object.fromEntries(await bookings().placesTakenByEvent(['winter-party'], minutesAfter(SUBMITTED, HOLD_MINUTES)))).toEqual({ 'winter-party': 2 });
      expect((await bookings().placesTakenByEvent([], AT_SUBMISSION)).size).toBe(0);
    });

    it('frees a lapsed hold at its 30th minute with no write, for the count and for the next booking', async () => {
      await bookings().addIfPlacesRemain(anUnpaidBooking({ id: 'hold', numberAttending: 5 }), { capacity: 5, now: AT_SUBMISSION });
      const justBefore = new Date(minutesAfter(SUBMITTED, HOLD_MINUTES).getTime() - 1);
      const atTheEdge = minutesAfter(SUBMITTED, HOLD_MINUTES);
      expect((await bookings().placesTakenByEvent(['summer-regatta'], justBefore)).get('summer-regatta')).toBe(5);
      expect(await bookings().addIfPlacesRemain(aBooking({ id: 'early', submittedAt: justBefore.toISOString() }), { capacity: 5, now: justBefore })).toEqual({
        added: false,
        placesLeft: 0,
      });
      expect((await bookings().placesTakenByEvent(['summer-regatta'], atTheEdge)).get('summer-regatta')).toBe(0);
      expect(
        await bookings().addIfPlacesRemain(aBooking({ id: 'on-time', numberAttending: 5, submittedAt: atTheEdge.toISOString() }), {
          capacity: 5,
          now: atTheEdge,
        }),
      ).toEqual({ added: true });
      expect(await bookings().checkPlaces({ now: atTheEdge, repair: false })).toEqual([]);
    });

    it('counts, after any sequence of bookings, payments and waits, exactly what the core counts over the bookings', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(placesOperations(12), fc.integer({ min: 1, max: 15 }), async (operations, capacity) => {
          // Each run books its own event, so runs do not see each other's bookings.
          const eventId = `ledger-${run++}`;
          let now = AT_SUBMISSION.getTime();
          const made: Booking[] = [];
          for (const operation of operations) {
            const at = new Date(now);
            if (operation.kind === 'wait') now += operation.ms;
            else if (operation.kind === 'book') {
              const booking = aBooking({
                id: `${eventId}-${made.length}`,
                eventId,
                ...bookedFields(operation, at),
                paymentAmount: operation.paymentRequired ? 1000 : null,
                paymentCurrency: operation.paymentRequired ? 'GBP' : null,
              });
              const fits = placesTaken(made, at) + booking.numberAttending <= capacity;
              const result = await bookings().addIfPlacesRemain(booking, { capacity, now: at });
              expect(result.added).toBe(fits);
              if (result.added) made.push(booking);
            } else if (made.length > 0) {
              const booking = made[operation.index % made.length];
              const changed = await markPaidByCard(bookings(), booking.id, { paymentId: `pay-${booking.id}`, paymentCompletedAt: at.toISOString() });
              expect(changed).toBe(!booking.paid);
              booking.paid = true;
            }
            for (const moment of [now, now + HOLD_MINUTES * 60_000 - 1, now + HOLD_MINUTES * 60_000]) {
              const when = new Date(moment);
              expect((await bookings().placesTakenByEvent([eventId], when)).get(eventId)).toBe(placesTaken(made, when));
            }
          }
        }),
        { numRuns: 12, endOnFailure: true },
      );
      expect(await bookings().checkPlaces({ now: new Date(AT_SUBMISSION.getTime() + 24 * 3600_000), repair: false })).toEqual([]);
    });
  });
}
