import type { Booking, PaymentStatus } from './booking';
import type { ClubEvent } from '../events/event';
import { parseInstant } from '../shared/london-time';
import { isBookingOpen, isEventOver } from '../events/event-time';

/** How long an unpaid booking of a paid event keeps its places while the member pays. */
export const HOLD_MINUTES = 30;
const HOLD_MS = HOLD_MINUTES * 60 * 1000;
/**
 * How long it keeps them while its checkout was never opened: a request that books and never
 * goes to pay (a script holding places) lets them go after this, not after HOLD_MINUTES.
 */
export const UNOPENED_HOLD_MINUTES = 10;
const UNOPENED_HOLD_MS = UNOPENED_HOLD_MINUTES * 60 * 1000;

/**
 * What a member is offered for an event, one rule for the calendar and the booking page: nothing
 * when the event does not take bookings at all ('not-bookable'), 'closed' when its booking has
 * closed (deadline passed, or over), 'full' when it has a capacity and no place is left, else
 * 'open'. Closed wins over full. `bookingOpen` is isBookingOpen at the time of the answer.
 */
export type BookingOffer = 'open' | 'cancelled' | 'not-bookable' | 'closed' | 'full';

/** 'cancelled' (the event was called off) wins over everything else. */
export function bookingOffer(event: { allowBooking: boolean; bookingOpen: boolean; placesLeft: number | null; cancelledAt?: string | null }): BookingOffer {
  if (parseInstant(event.cancelledAt ?? null) !== null) return 'cancelled';
  if (!event.allowBooking) return 'not-bookable';
  if (!event.bookingOpen) return 'closed';
  if (event.placesLeft !== null && event.placesLeft <= 0) return 'full';
  return 'open';
}

/**
 * The booking state an admin sees beside an event's Bookable / View Only status: 'Over' once the
 * event is over (whatever else it says), else the members' offer (bookingOffer) when it says
 * booking is 'closed' (its deadline passed) or the event is 'full'; null otherwise (open, View
 * Only, or cancelled before it was over: the status says so).
 */
export type AdminBookingState = 'Over' | 'Closed' | 'Full';

export function adminBookingState(
  event: Pick<ClubEvent, 'allowBooking' | 'bookingEndDate' | 'eventdatetime' | 'eventenddatetime'> & { cancelledAt?: string | null },
  placesLeft: number | null,
  now: Date,
): AdminBookingState | null {
  if (isEventOver(event, now)) return 'Over';
  const offer = bookingOffer({ allowBooking: event.allowBooking, bookingOpen: isBookingOpen(event, now), placesLeft, cancelledAt: event.cancelledAt });
  if (offer === 'closed') return 'Closed';
  if (offer === 'full') return 'Full';
  return null;
}

type PlaceBooking = Pick<Booking, 'paymentRequired' | 'paid' | 'submittedAt' | 'cancelledAt'> & { checkoutOpenedAt?: string | null };

/** A cancelled booking takes no places and counts as neither attending nor revenue. */
export function isCancelled(booking: Pick<Booking, 'cancelledAt'>): boolean {
  return booking.cancelledAt !== null;
}

/**
 * When an unpaid booking of a paid event stops holding its places (epoch ms, exclusive): 30
 * minutes after its submission once its checkout was opened, 10 while it never was. Null for a
 * booking that holds them for good: free and paid bookings, and one whose submission time cannot
 * be read (it cannot be proved to have lapsed). Says nothing of cancellation (holdsPlace does).
 */
export function holdExpiry(booking: Pick<Booking, 'paymentRequired' | 'paid' | 'submittedAt'> & { checkoutOpenedAt?: string | null }): number | null {
  if (!booking.paymentRequired || booking.paid) return null;
  const submitted = parseInstant(booking.submittedAt);
  if (submitted === null) return null;
  return submitted.getTime() + (booking.checkoutOpenedAt ? HOLD_MS : UNOPENED_HOLD_MS);
}

/**
 * The booking once its checkout is opened at `now`, or null when that changes nothing: it is
 * paid, cancelled, free, already opened, or its hold has lapsed (a lapsed hold is not revived).
 */
export function withCheckoutOpened(booking: Booking, now: Date): Booking | null {
  if (booking.checkoutOpenedAt !== null || isCancelled(booking) || !holdsPlace(booking, now) || holdExpiry(booking) === null) return null;
  return { ...booking, checkoutOpenedAt: now.toISOString() };
}

/** Free and paid bookings hold their places for good; unpaid ones for HOLD_MINUTES; cancelled ones none. */
export function holdsPlace(booking: PlaceBooking, now: Date): boolean {
  if (isCancelled(booking)) return false;
  const until = holdExpiry(booking);
  return until === null || now.getTime() < until;
}

type ChangeHoldBooking = Pick<Booking, 'numberAttending' | 'cancelledAt'> & { pendingChange?: Booking['pendingChange'] };

/**
 * The extra places a larger change waiting for its payment holds (docs/payments.md#changing-a-booking)
 * and until when (epoch ms, exclusive): as a new booking's hold, 30 minutes from the change once its
 * checkout was opened, 10 while it never was. Null when it holds none: no change waiting, a
 * cancelled booking, a change taking no more places (only the price grows), one whose payment came
 * too late (latePaymentId), or an unreadable time.
 */
export function changeHold(booking: ChangeHoldBooking): { places: number; untilMs: number } | null {
  const pending = booking.pendingChange;
  if (!pending || isCancelled(booking) || pending.latePaymentId !== null) return null;
  const places = pending.numberAttending - booking.numberAttending;
  const at = parseInstant(pending.at);
  if (places <= 0 || at === null) return null;
  return { places, untilMs: at.getTime() + (pending.checkoutOpenedAt ? HOLD_MS : UNOPENED_HOLD_MS) };
}

/** Whether the booking's larger change is still waiting for its payment at `now` with its hold running. */
export function changeHoldRunning(booking: ChangeHoldBooking & { pendingChange: NonNullable<Booking['pendingChange']> }, now: Date): boolean {
  const pending = booking.pendingChange;
  if (isCancelled(booking) || pending.latePaymentId !== null) return false;
  const at = parseInstant(pending.at);
  if (at === null) return false;
  return now.getTime() < at.getTime() + (pending.checkoutOpenedAt ? HOLD_MS : UNOPENED_HOLD_MS);
}

export function placesTaken(bookings: (PlaceBooking & ChangeHoldBooking)[], now: Date): number {
  let taken = 0;
  for (const b of bookings) {
    if (holdsPlace(b, now)) taken += b.numberAttending;
    const hold = changeHold(b);
    if (hold !== null && now.getTime() < hold.untilMs) taken += hold.places;
  }
  return taken;
}

/** Places still free given the places taken, never below 0; null when the event has no capacity. */
export function placesLeftOf(capacity: number | null, taken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - taken);
}

/** Places still free, never below 0; null when the event has no capacity. */
export function placesLeft(capacity: number | null, bookings: (PlaceBooking & Pick<Booking, 'numberAttending'>)[], now: Date): number | null {
  return placesLeftOf(capacity, placesTaken(bookings, now));
}

export type StatusBooking = PlaceBooking & Pick<Booking, 'paymentAmount' | 'paymentMethod' | 'refundStatus'>;

/** Whether the money was taken by hand (cash, a bank transfer) rather than by card through the gateway. */
export function paidByHand(booking: Pick<Booking, 'paymentMethod'>): boolean {
  return booking.paymentMethod === 'cash' || booking.paymentMethod === 'transfer';
}

/**
 * Whether a cancellation owes this booking's money back by hand: a person repays cash or a
 * transfer, so it is "To refund by hand", never "Refund failed" (that is a card refund the gateway
 * refused). A cash or transfer booking stored as a failed refund before by-hand existed reads the same.
 */
export function refundOwedByHand(booking: Pick<Booking, 'refundStatus' | 'paymentMethod'>): boolean {
  return booking.refundStatus === 'by-hand' || (booking.refundStatus === 'failed' && paidByHand(booking));
}

/** The booking's state as admins and members see it (docs/product.md#booking-states-and-cancellation). */
export function paymentStatus(booking: StatusBooking, now: Date): PaymentStatus {
  if (refundOwedByHand(booking)) return 'To refund by hand';
  if (booking.refundStatus === 'failed') return 'Refund failed';
  if (isCancelled(booking)) return 'Cancelled';
  if (booking.paid) {
    if (booking.paymentMethod === 'cash') return 'Paid (cash)';
    if (booking.paymentMethod === 'transfer') return 'Paid (transfer)';
    return 'Paid';
  }
  if (!booking.paymentAmount) return 'Free Event';
  return holdsPlace(booking, now) ? 'Pending' : 'Expired';
}

/** Money the club keeps from the booking, in its payment currency: paid, less what was refunded. */
export function bookingRevenue(
  booking: Pick<Booking, 'paid' | 'paymentAmount' | 'refundStatus' | 'refundAmount'> & { amendments?: Booking['amendments'] },
): number {
  if (!booking.paid) return 0;
  const refunded = booking.refundStatus === 'refunded' ? (booking.refundAmount ?? 0) : 0;
  // A member's smaller booking is refunded its difference (core/bookings/booking-amendment.ts).
  const changeRefunds = (booking.amendments ?? []).reduce((sum, a) => sum + (a.refundStatus === 'refunded' ? -a.difference : 0), 0);
  return amountPaid(booking) - refunded - changeRefunds;
}

/** Money taken for the booking: what it first charged, and each larger change's difference paid by card through its own checkout. */
export function amountPaid(booking: Pick<Booking, 'paymentAmount'> & { amendments?: Booking['amendments'] }): number {
  const changePayments = (booking.amendments ?? []).reduce((sum, a) => sum + (a.paymentId !== null && a.difference > 0 ? a.difference : 0), 0);
  return (booking.paymentAmount ?? 0) + changePayments;
}

export function truncatePaymentId(id: string | null): string {
  return id === null ? '' : id.slice(0, 8);
}
