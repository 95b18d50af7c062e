import { z } from 'zod';
import { BookingFormValuesSchema, UNCHANGED_BOOKING, type Booking } from '../bookings/booking';
import { HOLD_MINUTES } from '../bookings/booking-state';
import { bookingClosedReason } from '../events/event-time';
import { maxUnpaidPlacesPerAddress, tooManyUnpaidPlaces } from '../bookings/unpaid-holds';
import { EVENT_CANCEL_MESSAGES } from '../bookings/event-cancellation';
import { validateBookingForm } from '../bookings/booking-validation';
import { decideBookingPrice, type DependantAttendees } from '../bookings/booking-price';
import type { Member } from '../members/member';
import { MAX_HOUSEHOLD_PEOPLE, type HouseholdPerson } from '../members/household';
import { bookedHouseholdAttendees, householdPricePlaces } from '../bookings/household-attendees';
import { memberAsAttendee } from '../members/household';
import { isMembershipCurrent } from '../members/member';
import { londonDate } from '../shared/london-time';
import { BookingClosedError, ConflictError, NotEnoughPlacesError, PaymentError, RateLimitError } from '../shared/errors';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import { EVENT_NOT_FOUND, NO_EVENT_ID } from '../shared/messages';
import { cardCurrencyOf } from '../payments/card-currency';
import { acceptedForm, fieldsError, parseInput } from '../shared/parse-input';
import { confirmationMail, managePath, type ConfirmationDeps } from '../bookings/booking-confirmations';
import { offerHoldId } from '../bookings/places-ledger';
import { BOOKING_REFERENCE_MESSAGES, bookingReference, REFERENCE_ATTEMPTS, referencePrefix } from '../bookings/booking-reference';
import { bookedEntry, WAITING_LIST_MESSAGES } from '../waiting-list/waiting-list';
import type { WaitingListEntry } from '../waiting-list/waiting-list-entry';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import { standingOffer } from '../waiting-list/get-waiting-list-offer';
import type { SubmitBookingResult } from '../bookings/booking-receipt-schema';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';

export const CARD_PAYMENT_UNAVAILABLE = 'Card payment is not yet available for this event';
export const TOO_MANY_PLACES_HELD =
  'Too many places are already held by recent bookings from your connection. Please pay for or finish those first, or try again in 30 minutes.';

/** What the booking page posts: the event's id and the form fields. */
export const SubmitBookingRequestSchema = BookingFormValuesSchema.extend({
  eventId: z.string({ error: NO_EVENT_ID }).trim().min(1, NO_EVENT_ID).max(200),
  /** The token of a waiting-list offer's link: the booking takes up the places the offer holds. */
  offerToken: z.string().min(1).max(600).optional(),
  /** A signed-in member's household people who attend (ids of the member's own household), counted in the numbers. */
  householdAttendees: z.array(z.string().min(1).max(200)).max(MAX_HOUSEHOLD_PEOPLE).optional(),
});
export type SubmitBookingRequest = z.input<typeof SubmitBookingRequestSchema>;

// The answer's schema lives apart (booking-receipt-schema.ts) so the booking page loads no mail code.
export { BookingReceiptSchema, SubmitBookingResultSchema, type BookingReceipt, type SubmitBookingResult } from '../bookings/booking-receipt-schema';

export interface SubmitBookingDeps extends ConfirmationDeps {
  events: EventRepository;
  bookings: BookingRepository;
  payments: PaymentGateway;
  clock: Clock;
  ids: IdGenerator;
  addressLimits: AddressLimitStore;
  /** MAX_ATTENDEES_PER_BOOKING: the most places one booking may take. */
  maxAttendees: number;
  /** PAYMENTS_TEST_HOOK: the test card's price hook. */
  testHook: boolean;
  /** The caps on the places one address's bookings may hold; each absent: no such cap. */
  bookingLimits: { maxHeldPlacesPerAddress?: number; maxUnpaidSharePercent?: number };
  waitingList: WaitingList;
  offerLinks: BookingLinks;
}

/** Where a booking came from: the client's address (an IPv6 one reduced to its network), and who made it. */
export interface BookingContext {
  address: string;
  /**
   * The signed-in member making the booking, as just read from the member list; null for a booking
   * made without signing in (every booking until member sign-in lands: the route passes null).
   */
  member: Member | null;
  /** The signed-in member's household's dependants as just read (needed only when the request names household attendees). */
  household?: readonly HouseholdPerson[];
  /** The other members of the signed-in member's household as the member list has them now (likewise). */
  householdMembers?: readonly Member[];
}

/**
 * Books an event for a member. Everything the browser checks is checked again here, and the
 * amount is worked out from the stored event, never taken from the request.
 */
export class SubmitBooking extends UseCase<SubmitBookingDeps> {
  async execute(request: unknown, context?: BookingContext): Promise<SubmitBookingResult> {
    const { eventId, offerToken, householdAttendees, ...values } = parseInput(SubmitBookingRequestSchema, request);
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);

    const now = this.deps.clock.now();
    const closed = bookingClosedReason(event, now);
    if (closed === 'cancelled') throw new BookingClosedError(EVENT_CANCEL_MESSAGES.bookingRefused);
    if (closed !== null) throw new BookingClosedError();

    // Through an offer link: the offer must still stand, for this event.
    let offer: WaitingListEntry | null = null;
    if (offerToken !== undefined) {
      offer = await standingOffer(this.deps, offerToken, now);
      if (offer.eventId !== event.id) throw new ConflictError(WAITING_LIST_MESSAGES.offerInvalid);
    }

    const valid = acceptedForm(validateBookingForm(values, event, this.deps));
    const form = valid;

    // The household people ticked: the member's own only, counted in the numbers attending.
    const member = context?.member ?? null;
    let dependants: DependantAttendees | undefined;
    let otherMembers: DependantAttendees | undefined;
    let named: HouseholdPerson[] = [];
    const today = londonDate(now);
    const thisYear = Number(today.slice(0, 4));
    // The household's other members attend as named people too, each at the member price while
    // their own membership is current (docs/my-club.md#booking-as-a-member).
    const others = member ? (context?.householdMembers ?? []).filter((m) => m.id !== member.id && !m.disabled) : [];
    const currentOthers = new Set(others.filter((m) => isMembershipCurrent(m, today)).map((m) => m.id));
    const otherIds = new Set(others.map((m) => m.id));
    if (householdAttendees && householdAttendees.length > 0) {
      const attendable = member ? [...(context?.household ?? []), ...others.map((m) => memberAsAttendee(m, now.toISOString()))] : [];
      const counted = householdPricePlaces(householdAttendees, { attendable, memberIds: otherIds, currentMemberIds: currentOthers }, form, thisYear);
      if (!counted.ok) throw fieldsError({ [counted.field]: counted.error });
      ({ people: named, dependants, otherMembers } = counted);
    }
    // The server decides the price (member or standard), never the browser.
    const price = decideBookingPrice({ event, counts: form, member, at: now, dependants, otherMembers, testHook: this.deps.testHook });
    const memberCurrent = member !== null && isMembershipCurrent(member, today);
    const amount = price.amount;
    const paymentRequired = event.requiresPayment && amount > 0;
    const payments = this.deps.payments;
    // An event in a currency the card account cannot take (one saved before the account changed)
    // is refused here, before anything is stored, not at the member's checkout.
    if (paymentRequired) {
      const taken = await cardCurrencyOf(payments);
      if (taken !== null && taken !== event.currency) throw new PaymentError(CARD_PAYMENT_UNAVAILABLE);
    }

    const bookingId = this.deps.ids.next();
    // One address may hold only so many places through bookings of the last 30 minutes, so one
    // client cannot fill an event with bookings it never pays for (or spam bookings of free ones).
    const limits = this.deps.addressLimits;
    const maxHeld = this.deps.bookingLimits.maxHeldPlacesPerAddress;
    const holdKey = context && maxHeld !== undefined ? `places:${context.address}` : null;
    if (holdKey && maxHeld !== undefined) {
      const hold = await limits.holdPlaces(
        holdKey,
        { id: bookingId, places: form.numberAttending, until: new Date(now.getTime() + HOLD_MINUTES * 60_000) },
        { max: maxHeld, now },
      );
      if (!hold.held) throw new RateLimitError(TOO_MANY_PLACES_HELD);
    }
    // And of one paid event, the unpaid bookings from one address may hold only a share, so that one
    // request cannot hold a whole event for the length of a checkout, again and again.
    const share = this.deps.bookingLimits.maxUnpaidSharePercent;
    const eventMax = paymentRequired && share !== undefined ? maxUnpaidPlacesPerAddress(event.capacity, share) : null;
    const eventKey = holdKey && eventMax !== null ? `${holdKey}:event:${event.id}` : null;
    if (eventKey && eventMax !== null) {
      const hold = await limits.holdPlaces(
        eventKey,
        { id: bookingId, places: form.numberAttending, until: new Date(now.getTime() + HOLD_MINUTES * 60_000) },
        { max: eventMax, now },
      );
      if (!hold.held) {
        if (holdKey) await limits.releasePlaces(holdKey, bookingId);
        throw new RateLimitError(tooManyUnpaidPlaces(eventMax));
      }
    }

    try {
      // The checkout is made before the booking is stored: when the gateway refuses or fails,
      // nothing holds the event's places. A checkout whose booking is then refused (full) is
      // never shown to anyone and charges nothing.
      let checkoutId: string | null = null;
      if (paymentRequired) {
        ({ checkoutId } = await payments.createCheckout({
          bookingId,
          amount,
          currency: event.currency,
          description: `${event.name}: ${form.numberAttending} attending`,
          idempotencyKey: `booking-${bookingId}`,
        }));
      }
      const prefix = referencePrefix(this.deps.siteSettings.clubName);
      const draft: Booking = {
        id: bookingId,
        reference: null,
        eventId: event.id,
        eventName: event.name,
        ...form,
        submittedAt: now.toISOString(),
        paymentRequired,
        paid: false,
        paymentAmount: paymentRequired ? amount : null,
        paymentCurrency: paymentRequired ? event.currency : null,
        checkoutId,
        paymentId: null,
        paymentCompletedAt: null,
        ...UNCHANGED_BOOKING,
        priceKind: price.priceKind,
        memberId: price.memberId,
        memberPlaces: price.memberPlaces,
        // Who they are, as the household has them now, stored with the booking in its own write.
        householdAttendees: bookedHouseholdAttendees(named, thisYear, price.priceKind, (p) => (otherIds.has(p.id) ? currentOthers.has(p.id) : memberCurrent)),
      };
      // The booking's short reference is unique in storage: a taken one is tried again with the next.
      let booking = draft;
      for (let attempt = 0; ; attempt += 1) {
        if (attempt >= REFERENCE_ATTEMPTS) throw new ConflictError(BOOKING_REFERENCE_MESSAGES.allTaken);
        booking = { ...draft, reference: bookingReference(prefix, bookingId, attempt) };
        // A free booking holds its places for good at once: its confirmation is written with it.
        // A paid one is confirmed when its payment completes (ConfirmPayment).
        const mail = paymentRequired ? [] : confirmationMail(this.deps, booking, event, now);
        // An offer's own hold is not counted against the booking that takes it up, and goes with it.
        const added = await this.deps.bookings.addIfPlacesRemain(
          booking,
          { capacity: event.capacity, eventSequence: event.sequence, now, ...(offer ? { offerHoldId: offerHoldId(offer.id) } : {}) },
          mail,
        );
        if (added.added) break;
        if ('placesLeft' in added) throw new NotEnoughPlacesError(added.placesLeft);
      }
      if (offer) {
        await this.deps.waitingList.change(offer.id, (current) => {
          const next = bookedEntry(current, now);
          return next ? { entry: next } : null;
        });
      }
      return {
        bookingId,
        reference: booking.reference,
        paymentRequired,
        amount,
        currency: event.currency,
        checkoutId,
        managePath: paymentRequired ? null : managePath(this.deps, booking, event),
      };
    } catch (error) {
      if (holdKey) await limits.releasePlaces(holdKey, bookingId);
      if (eventKey) await limits.releasePlaces(eventKey, bookingId);
      throw error;
    }
  }
}
