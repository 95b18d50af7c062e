import { CHANGE_FORM_MESSAGES } from './booking-change-form';
import type { BookingAmendment } from './booking-amendment-schema';
import type { Booking } from './booking';

export { BookingAmendmentSchema, type BookingAmendment } from './booking-amendment-schema';
export { BookingChangeQuoteSchema, ChangeMyBookingRequestSchema, changeCounts, type BookingChangeQuote, type ChangeMyBookingRequest } from './booking-change-form';
import type { BookingPrice } from './booking-price';
import { bookingEmailKey } from './booking';
import { holdsPlace, isCancelled, paidByHand } from './booking-state';
import { householdAttendeesFitting } from './household-attendees';
import { formatDate } from '../shared/date-text';
import { formatMoney } from '../shared/money';
import type { Currency } from '../shared/money';

/**
 * A member's change of their own booking through the manage link (docs/payments.md#changing-a-booking):
 * more or fewer adults or children. Each change is kept on the booking as an amendment, so that the
 * money it moved (a refund of the difference) is its own line in the treasurer's figures and the
 * calendar file of the "Booking changed" e-mail carries a higher SEQUENCE each time.
 */

/** The most changes one booking takes online; past it the member asks the club (the amendments stay small). */
export const MAX_BOOKING_CHANGES = 20;


export const CHANGE_MESSAGES = {
  cancelled: 'A cancelled booking cannot be changed.',
  unpaid: 'Please finish paying for this booking before changing it.',
  tooLate: (deadline: string, contact: string) =>
    `This booking can no longer be changed online: changes closed at ${deadline}. Please contact ${contact} to change it.`,
  unchanged: 'The booking already has these numbers: there is nothing to change.',
  tooManyChanges: (contact: string) => `This booking has been changed too many times online. Please contact ${contact} to change it.`,
  payMore: (amount: string, contact: string) =>
    `This change would cost ${amount} more, which cannot yet be paid online. Please contact ${contact}, or book the extra places as a new booking.`,
  refundOpen: 'A refund from an earlier change of this booking is still being made. Please try again in a few minutes.',
  noRoom: (left: number) => `Sorry, only ${left} ${left === 1 ? 'place is' : 'places are'} left`,
  ...CHANGE_FORM_MESSAGES,
} as const;

/** The price a booking stands at now: what it was charged, with every change's difference. 0 for a free booking. */
export function bookingPrice(booking: Pick<Booking, 'paymentRequired' | 'paymentAmount' | 'amendments'>): number {
  if (!booking.paymentRequired) return 0;
  return (booking.paymentAmount ?? 0) + booking.amendments.reduce((sum, amendment) => sum + amendment.difference, 0);
}

/** Money handed back by changes' refunds that were made (refunded). */
export function amendmentsRefunded(booking: Pick<Booking, 'amendments'>): number {
  return booking.amendments.reduce((sum, a) => sum + (a.refundStatus === 'refunded' ? -a.difference : 0), 0);
}

/** Money owed back by changes' refunds not yet made (pending, failed or by hand). */
export function amendmentsOwed(booking: Pick<Booking, 'amendments'>): number {
  return booking.amendments.reduce((sum, a) => sum + (a.refundStatus !== null && a.refundStatus !== 'refunded' ? -a.difference : 0), 0);
}

/** What one change decides: the booking as it is to be stored and the amendment recorded on it. */
export interface DecidedChange {
  booking: Booking;
  amendment: BookingAmendment;
}

/**
 * The booking changed to these counts at `at`, priced by `price` (the server's booking price rule,
 * decideBookingPrice, for the new counts), or the refusal in words. Refused: a cancelled booking;
 * after `deadline` (the booking deadline, else the event's start); an unpaid booking of a paid
 * event (its checkout is for the old total); counts the booking already has; more than
 * MAX_BOOKING_CHANGES changes; a change whose extra places do not fit (`room`: the event's
 * capacity and its places taken at `at`, this booking's own included); while an earlier change's
 * card refund is still asked; and a change that costs more on a paid booking (not yet payable
 * online). A smaller paid booking owes the difference back: pending for a card (the gateway is asked
 * next), by-hand for cash or a transfer. Soft drinks and vegetarian meals, and the named household
 * attendees, are kept as far as the new numbers hold them.
 */
export function decideBookingChange(
  current: Booking,
  change: { numberAttending: number; numberOfChildren: number; price: BookingPrice; at: Date },
  rules: { deadline: Date | null; contact: string; room: { capacity: number | null; placesTaken: number } },
): DecidedChange | string {
  const { at } = change;
  if (isCancelled(current)) return CHANGE_MESSAGES.cancelled;
  if (rules.deadline !== null && at.getTime() > rules.deadline.getTime()) {
    return CHANGE_MESSAGES.tooLate(formatDate(rules.deadline.toISOString(), 'member'), rules.contact);
  }
  if (current.paymentRequired && !current.paid) return CHANGE_MESSAGES.unpaid;
  if (change.numberAttending === current.numberAttending && change.numberOfChildren === current.numberOfChildren) return CHANGE_MESSAGES.unchanged;
  if (current.amendments.length >= MAX_BOOKING_CHANGES) return CHANGE_MESSAGES.tooManyChanges(rules.contact);
  if (rules.room.capacity !== null) {
    const others = rules.room.placesTaken - (holdsPlace(current, at) ? current.numberAttending : 0);
    if (others + change.numberAttending > rules.room.capacity) return CHANGE_MESSAGES.noRoom(Math.max(0, rules.room.capacity - others));
  }
  const before = bookingPrice(current);
  const after = current.paymentRequired ? change.price.amount : 0;
  const difference = after - before;
  if (difference > 0) return CHANGE_MESSAGES.payMore(formatMoney(difference, current.paymentCurrency ?? 'GBP'), rules.contact);
  if (difference < 0 && current.amendments.some((a) => a.refundStatus === 'pending')) return CHANGE_MESSAGES.refundOpen;
  const refundStatus = difference < 0 ? (paidByHand(current) ? 'by-hand' : 'pending') : null;
  const amendment: BookingAmendment = {
    revision: current.amendments.length + 1,
    at: at.toISOString(),
    numberAttendingBefore: current.numberAttending,
    numberOfChildrenBefore: current.numberOfChildren,
    numberAttending: change.numberAttending,
    numberOfChildren: change.numberOfChildren,
    difference,
    refundStatus,
    refundId: null,
    refundFailure: null,
    refundedAt: null,
  };
  const counts = { numberAttending: change.numberAttending, numberOfChildren: change.numberOfChildren };
  const booking: Booking = {
    ...current,
    ...counts,
    numberOfSoftDrinks: Math.min(current.numberOfSoftDrinks, change.numberAttending),
    numberOfVegetarian: Math.min(current.numberOfVegetarian, change.numberAttending),
    householdAttendees: householdAttendeesFitting(current.householdAttendees, counts),
    priceKind: current.paymentRequired ? change.price.priceKind : current.priceKind,
    memberPlaces: current.paymentRequired ? change.price.memberPlaces : current.memberPlaces,
    amendments: [...current.amendments, amendment],
  };
  return { booking, amendment };
}

/** The idempotency key of a change's refund: one per change, so a retry after a lost answer never refunds twice. */
export function amendmentRefundKey(booking: Pick<Booking, 'id'>, revision: number): string {
  return `change-${revision}-${booking.id}`.slice(0, 45);
}

/** The booking with this change's refund outcome recorded; unchanged when that refund is no longer pending. */
export function amendmentRefundSettled(
  booking: Booking,
  revision: number,
  outcome: { status: 'REFUNDED'; refundId: string } | { status: 'FAILED'; message: string } | { status: 'UNKNOWN' },
  at: Date,
  unreachable: string,
): Booking {
  const amendments = booking.amendments.map((a): BookingAmendment => {
    if (a.revision !== revision || a.refundStatus !== 'pending') return a;
    if (outcome.status === 'REFUNDED') return { ...a, refundStatus: 'refunded', refundId: outcome.refundId, refundFailure: null, refundedAt: at.toISOString() };
    return { ...a, refundStatus: 'failed', refundFailure: outcome.status === 'FAILED' ? outcome.message : unreachable };
  });
  return { ...booking, amendments };
}

/** What happens to the money of a change, in the member's words; null when none moves. */
export function changeMoneyText(difference: number, currency: Currency | null, byHand: boolean): string | null {
  if (difference === 0 || currency === null) return null;
  const amount = formatMoney(Math.abs(difference), currency);
  if (difference > 0) return `${amount} more to pay.`;
  return byHand ? `${amount} to refund by hand: the club will repay it to you.` : `${amount} will be refunded to your card.`;
}

/** Whether two bookings are one person's booking of one event (the booking page's already-booked warning). */
export function sameBooker(booking: Pick<Booking, 'memberId' | 'userEmail'>, who: { memberId: string | null; email: string | null }): boolean {
  if (who.memberId !== null && booking.memberId === who.memberId) return true;
  const key = bookingEmailKey(who.email);
  return key !== null && bookingEmailKey(booking.userEmail) === key;
}
