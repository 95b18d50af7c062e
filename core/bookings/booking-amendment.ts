import { CHANGE_FORM_MESSAGES } from './booking-change-form';
import type { BookingAmendment, PendingChange } from './booking-amendment-schema';
import type { Booking } from './booking';

export { BookingAmendmentSchema, PendingChangeSchema, type BookingAmendment, type PendingChange } from './booking-amendment-schema';
export {
  BookingChangeQuoteSchema,
  ChangeMyBookingRequestSchema,
  changeCounts,
  type BookingChangeQuote,
  type ChangeMyBookingRequest,
} from './booking-change-form';
import type { BookingPrice } from './booking-price';
import { bookingEmailKey } from './booking';
import { changeHold, changeHoldRunning, holdsPlace, isCancelled, paidByHand } from './booking-state';
import { paidByCard } from './booking-lifecycle';
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
  raced: 'This booking was changed meanwhile. Please check its numbers and try again.',
  changeNotPayable: 'This change is no longer waiting for payment: the booking was changed or cancelled meanwhile.',
  changeLapsed: 'The extra places were held for you for 30 minutes and have been released. Please change the booking again.',
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
 * A larger change of a card-paid booking, decided: the booking keeps its numbers and records the
 * change as waiting for its payment (`pendingChange`, its extra places held), to be made when the
 * difference is paid (changePaidAt).
 */
export interface ChangeToPay {
  booking: Booking;
  pending: PendingChange;
}

/** The change's own checkout: a new attempt number, and the checkout the gateway made for it (`<booking id>_c<attempt>`). */
export interface ChangeCheckout {
  attempt: number;
  checkoutId: string;
}

/**
 * The attempt of this booking's larger change that a checkout was made for, read from the
 * checkout's booking id (`<booking id>_c<attempt>`, changeCheckoutBookingId); null for any other
 * (the booking's own checkout, another booking's).
 */
export function changeAttemptOf(bookingId: string, checkoutBookingId: string): number | null {
  const prefix = `${bookingId}_c`;
  if (!checkoutBookingId.startsWith(prefix)) return null;
  const digits = checkoutBookingId.slice(prefix.length);
  if (!/^[1-9]\d{0,8}$/.test(digits)) return null;
  return Number(digits);
}

/** The booking id a larger change's checkout is made for: its own, so the gateway never takes it for the booking's checkout. */
export function changeCheckoutBookingId(bookingId: string, attempt: number): string {
  return `${bookingId}_c${attempt}`;
}

/**
 * The booking changed to these counts at `at`, priced by `price` (the server's booking price rule,
 * decideBookingPrice, for the new counts), or the refusal in words. Refused: a cancelled booking;
 * after `deadline` (the booking deadline, else the event's start); an unpaid booking of a paid
 * event (its checkout is for the old total); counts the booking already has; more than
 * MAX_BOOKING_CHANGES changes; a change whose extra places do not fit (`room`: the event's
 * capacity and its places taken at `at`, this booking's own included); while an earlier change's
 * card refund is still asked; and a change that costs more on a booking paid in cash or by
 * transfer (the club takes the difference by hand). A larger card-paid booking is a ChangeToPay:
 * it waits for the difference, paid through the change's own `checkout`, holding its extra places
 * (changePaidAt makes it). A smaller paid booking owes the difference back: pending for a card
 * (the gateway is asked next), by-hand for cash or a transfer. Soft drinks and vegetarian meals, and the named household
 * attendees, are kept as far as the new numbers hold them.
 */
export function decideBookingChange(
  current: Booking,
  change: { numberAttending: number; numberOfChildren: number; price: BookingPrice; at: Date; checkout?: ChangeCheckout },
  rules: { deadline: Date | null; contact: string; room: { capacity: number | null; placesTaken: number } },
): DecidedChange | ChangeToPay | string {
  const { at } = change;
  if (isCancelled(current)) return CHANGE_MESSAGES.cancelled;
  if (rules.deadline !== null && at.getTime() > rules.deadline.getTime()) {
    return CHANGE_MESSAGES.tooLate(formatDate(rules.deadline.toISOString(), 'member'), rules.contact);
  }
  if (current.paymentRequired && !current.paid) return CHANGE_MESSAGES.unpaid;
  if (change.numberAttending === current.numberAttending && change.numberOfChildren === current.numberOfChildren) return CHANGE_MESSAGES.unchanged;
  if (current.amendments.length >= MAX_BOOKING_CHANGES) return CHANGE_MESSAGES.tooManyChanges(rules.contact);
  if (rules.room.capacity !== null) {
    const others = rules.room.placesTaken - ownPlaces(current, at);
    if (others + change.numberAttending > rules.room.capacity) return CHANGE_MESSAGES.noRoom(Math.max(0, rules.room.capacity - others));
  }
  const before = bookingPrice(current);
  const after = current.paymentRequired ? change.price.amount : 0;
  const difference = after - before;
  if (difference > 0) {
    if (!paidByCard(current) || current.paymentId === null)
      return CHANGE_MESSAGES.payMore(formatMoney(difference, current.paymentCurrency ?? 'GBP'), rules.contact);
    return changeToPay(current, { ...change, difference });
  }
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
    paymentId: null,
    checkoutId: null,
  };
  const price = current.paymentRequired
    ? { priceKind: change.price.priceKind, memberPlaces: change.price.memberPlaces }
    : { priceKind: current.priceKind, memberPlaces: current.memberPlaces };
  // A change made drops a larger change still waiting for its payment: its checkout can no longer be paid.
  return { booking: { ...withCounts(current, change, price, amendment), pendingChange: null }, amendment };
}

/** The booking's places at `at` that are its own to give up: its own while it holds them, and its larger change's hold while it runs. */
function ownPlaces(booking: Booking, at: Date): number {
  const own = holdsPlace(booking, at) ? booking.numberAttending : 0;
  const hold = changeHold(booking);
  return own + (hold !== null && at.getTime() < hold.untilMs ? hold.places : 0);
}

/** The booking with new numbers and the amendment that made them: drinks, meals and named attendees kept as far as they fit. */
function withCounts(
  current: Booking,
  counts: { numberAttending: number; numberOfChildren: number },
  price: Pick<Booking, 'priceKind' | 'memberPlaces'>,
  amendment: BookingAmendment,
): Booking {
  const numbers = { numberAttending: counts.numberAttending, numberOfChildren: counts.numberOfChildren };
  return {
    ...current,
    ...numbers,
    numberOfSoftDrinks: Math.min(current.numberOfSoftDrinks, numbers.numberAttending),
    numberOfVegetarian: Math.min(current.numberOfVegetarian, numbers.numberAttending),
    householdAttendees: householdAttendeesFitting(current.householdAttendees, numbers),
    priceKind: price.priceKind,
    memberPlaces: price.memberPlaces,
    amendments: [...current.amendments, amendment],
  };
}

/**
 * The larger change waiting for its payment. The same numbers asked again while the change's hold
 * runs give back the change as it is (a double click: one checkout); anything else needs the
 * change's own new checkout (`change.checkout`, attempt `changeAttempts + 1`), and without it, or
 * when another attempt was started meanwhile, the change is refused as raced.
 */
function changeToPay(
  current: Booking,
  change: { numberAttending: number; numberOfChildren: number; price: BookingPrice; at: Date; checkout?: ChangeCheckout; difference: number },
): ChangeToPay | string {
  const waiting = current.pendingChange;
  if (
    waiting !== null &&
    waiting.numberAttending === change.numberAttending &&
    waiting.numberOfChildren === change.numberOfChildren &&
    waiting.difference === change.difference &&
    changeHoldRunning({ ...current, pendingChange: waiting }, change.at)
  ) {
    return { booking: current, pending: waiting };
  }
  const checkout = change.checkout ?? { attempt: current.changeAttempts + 1, checkoutId: '' };
  if (checkout.attempt !== current.changeAttempts + 1) return CHANGE_MESSAGES.raced;
  const pending: PendingChange = {
    attempt: checkout.attempt,
    checkoutId: checkout.checkoutId,
    at: change.at.toISOString(),
    checkoutOpenedAt: null,
    numberAttending: change.numberAttending,
    numberOfChildren: change.numberOfChildren,
    difference: change.difference,
    priceKind: change.price.priceKind,
    memberPlaces: change.price.memberPlaces,
    latePaymentId: null,
  };
  return { booking: { ...current, pendingChange: pending, changeAttempts: checkout.attempt }, pending };
}

/**
 * Every checkout of the booking's larger changes it holds: the one waiting and those that paid a
 * change. Storage finds the booking by each for good (BookingRepository.findByCheckoutId).
 */
export function changeCheckoutIds(booking: Pick<Booking, 'pendingChange' | 'amendments'>): string[] {
  const ids = booking.amendments.map((a) => a.checkoutId).filter((id): id is string => id !== null);
  if (booking.pendingChange !== null) ids.push(booking.pendingChange.checkoutId);
  return [...new Set(ids)];
}

/** Whether a decided change is one to pay for first (ChangeToPay) rather than made at once. */
export function isChangeToPay(decided: DecidedChange | ChangeToPay): decided is ChangeToPay {
  return 'pending' in decided;
}

/** What paying a larger change's checkout does to the booking (changePaidAt). */
export type ChangePaid =
  /** The change made: new numbers, an amendment with the difference and its payment. */
  | { kind: 'made'; booking: Booking; amendment: BookingAmendment }
  /** The payment came after the hold lapsed and the places had gone (or the booking was cancelled): to refund in full. */
  | { kind: 'late'; booking: Booking; pending: PendingChange }
  /** This payment is already recorded (the webhook and the card form both confirm it), or already being refunded. */
  | { kind: 'recorded' }
  /** The checkout is not this booking's change waiting for payment (replaced by another change, or dropped). */
  | { kind: 'stale' };

/**
 * The booking once the checkout `checkoutId` of its larger change is paid (the gateway's word):
 * the change is made when the booking still stands and the new numbers fit (`room` as for
 * decideBookingChange: a change paid after its hold lapsed is still made while the places are
 * free), atomically with its places; otherwise the payment came too late and is to be refunded.
 */
export function changePaidAt(
  booking: Booking,
  payment: { checkoutId: string; paymentId: string; paymentCompletedAt: string },
  room: { capacity: number | null; placesTaken: number; now: Date },
): ChangePaid {
  if (booking.amendments.some((a) => a.paymentId === payment.paymentId)) return { kind: 'recorded' };
  const pending = booking.pendingChange;
  if (pending === null || pending.checkoutId !== payment.checkoutId) return { kind: 'stale' };
  if (pending.latePaymentId !== null) return { kind: 'recorded' };
  const others = room.placesTaken - ownPlaces(booking, room.now);
  const fits = room.capacity === null || others + pending.numberAttending <= room.capacity;
  if (isCancelled(booking) || !fits) {
    const late = { ...pending, latePaymentId: payment.paymentId };
    return { kind: 'late', booking: { ...booking, pendingChange: late }, pending: late };
  }
  const amendment: BookingAmendment = {
    revision: booking.amendments.length + 1,
    at: room.now.toISOString(),
    numberAttendingBefore: booking.numberAttending,
    numberOfChildrenBefore: booking.numberOfChildren,
    numberAttending: pending.numberAttending,
    numberOfChildren: pending.numberOfChildren,
    difference: pending.difference,
    refundStatus: null,
    refundId: null,
    refundFailure: null,
    refundedAt: null,
    paymentId: payment.paymentId,
    checkoutId: payment.checkoutId,
  };
  const next = withCounts(booking, pending, { priceKind: pending.priceKind, memberPlaces: pending.memberPlaces }, amendment);
  return { kind: 'made', booking: { ...next, pendingChange: null }, amendment };
}

/** The booking once a too-late change payment was refunded (or the refund left to an admin): the waiting change dropped. */
export function lateChangeSettled(booking: Booking, paymentId: string): Booking | null {
  if (booking.pendingChange === null || booking.pendingChange.latePaymentId !== paymentId) return null;
  return { ...booking, pendingChange: null };
}

/** The idempotency key of the refund of a change's payment that came too late (or for a change replaced meanwhile): one per change attempt. */
export function lateChangeRefundKey(booking: Pick<Booking, 'id'>, attempt: number): string {
  return `change-late-${attempt}-${booking.id}`.slice(0, 45);
}

/**
 * The outbox id of the e-mail telling the member a change's payment was refunded (it came too
 * late, or for a change replaced meanwhile): one per change attempt, so the card form and the
 * webhook (and its replays) queue it once.
 */
export function changeRefundMailId(booking: Pick<Booking, 'id'>, attempt: number): string {
  return `change-refund-${attempt}-${booking.id}`;
}

/** The booking once its waiting change's checkout is opened at `now` (its hold grows to 30 minutes), or null when that changes nothing. */
export function withChangeCheckoutOpened(booking: Booking, now: Date): Booking | null {
  const pending = booking.pendingChange;
  if (pending === null || pending.checkoutOpenedAt !== null || !changeHoldRunning({ ...booking, pendingChange: pending }, now)) return null;
  return { ...booking, pendingChange: { ...pending, checkoutOpenedAt: now.toISOString() } };
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
