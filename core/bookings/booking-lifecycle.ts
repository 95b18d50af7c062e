import type { AuditActor, AuditEntry } from '../audit/audit';
import { changedFields } from '../audit/audit';
import type { Booking, PaymentMethod } from './booking';
import type { ClubEvent } from '../events/event';
import type { RefundResult } from '../payments/payment-gateway.port';
import { bookingRevenue, holdsPlace, isCancelled } from './booking-state';
import { formatDate } from '../shared/date-text';
import { parseInstant } from '../shared/london-time';

/**
 * A booking's life after "Book": cancellation (by the member, an admin, or the system for a
 * payment that came too late), refunds, payment by cash or transfer, and corrections. Each rule
 * here is pure: it takes the booking as stored and returns it as it is to be stored, and the
 * repository writes it with its places, mail and audit entries in one transaction
 * (BookingRepository.change).
 */

export const LIFECYCLE_MESSAGES = {
  alreadyCancelled: 'This booking is already cancelled.',
  tooLate: (deadline: string, contact: string) =>
    `This booking can no longer be cancelled online: cancellations closed at ${deadline}. Please contact ${contact} if you cannot come.`,
  alreadyPaid: 'This booking is already paid.',
  notPayable: 'This booking has nothing to pay.',
  cancelledNotPayable: 'A cancelled booking cannot be marked paid.',
  noRefundOwed: 'This booking has no refund to make.',
  noRoom: (left: number) => `Not enough places left: ${left} ${left === 1 ? 'place is' : 'places are'} free.`,
  cancelledNotEditable: 'A cancelled booking cannot be corrected.',
  reasonTooLong: 'The reason must be 2000 characters or fewer.',
  unreachable: 'The payment provider could not be reached; the refund is not known to have been made. Try again.',
} as const;

/** When a member may no longer cancel online: the booking deadline, else the event's start; null: any time. */
export function selfCancelDeadline(event: Pick<ClubEvent, 'bookingEndDate' | 'eventdatetime'>): Date | null {
  return parseInstant(event.bookingEndDate) ?? parseInstant(event.eventdatetime);
}

/** Why the member cannot cancel at `now`, or null when they can. The deadline itself is still in time. */
export function selfCancelRefusal(
  booking: Pick<Booking, 'cancelledAt'>,
  event: Pick<ClubEvent, 'bookingEndDate' | 'eventdatetime'>,
  now: Date,
  contact: string,
): string | null {
  if (isCancelled(booking)) return LIFECYCLE_MESSAGES.alreadyCancelled;
  const deadline = selfCancelDeadline(event);
  if (deadline !== null && now.getTime() > deadline.getTime()) {
    return LIFECYCLE_MESSAGES.tooLate(formatDate(deadline.toISOString(), 'member'), contact);
  }
  return null;
}

/** The card payments the gateway can refund; cash and transfers are handed back by a person. */
export function paidByCard(booking: Pick<Booking, 'paymentMethod' | 'paymentId'>): boolean {
  return booking.paymentMethod === 'card' || (booking.paymentMethod === null && booking.paymentId !== null);
}

/** The longest reason an admin may give for cancelling one booking (as for an event). */
export const BOOKING_CANCEL_REASON_MAX = 2000;

/**
 * The reason an admin gives for cancelling one booking, as stored: trimmed, null when none was
 * given (it is optional); refused (a message) when longer than BOOKING_CANCEL_REASON_MAX.
 */
export function bookingCancelReason(reason: string): { ok: true; reason: string | null } | { ok: false; message: string } {
  const trimmed = reason.trim();
  if (trimmed.length > BOOKING_CANCEL_REASON_MAX) return { ok: false, message: LIFECYCLE_MESSAGES.reasonTooLong };
  return { ok: true, reason: trimmed === '' ? null : trimmed };
}

/**
 * The booking cancelled at `at` by `by` ('member', 'system' or an admin's uid), with the admin's
 * `reason` if any. Its places are released (a cancelled booking takes none). With `refund`, a
 * paid booking owes back all it kept: pending for a card (the gateway is asked next), by-hand for
 * cash or a transfer (a person repays it: "To refund by hand", never "Refund failed"). Throws
 * nothing; callers refuse an already-cancelled booking first.
 */
export function cancelled(booking: Booking, options: { at: Date; by: string; refund: boolean; reason?: string | null }): Booking {
  // A change's refund still owed is owed already (it is made or repaid apart): not owed twice.
  const changeOwed = booking.amendments.reduce((sum, a) => sum + (a.refundStatus !== null && a.refundStatus !== 'refunded' ? -a.difference : 0), 0);
  const owed = options.refund ? bookingRevenue(booking) - changeOwed : 0;
  const next: Booking = { ...booking, cancelledAt: options.at.toISOString(), cancelledBy: options.by, cancelReason: options.reason ?? null };
  if (owed <= 0) return next;
  if (paidByCard(booking)) return { ...next, refundStatus: 'pending', refundAmount: owed, refundFailure: null };
  return { ...next, refundStatus: 'by-hand', refundAmount: owed, refundFailure: null };
}

/** The idempotency key of the booking's current refund attempt: a new one only after a definite refusal. */
export function refundKey(booking: Pick<Booking, 'id' | 'refundAttempts'>): string {
  return `refund-${booking.refundAttempts}-${booking.id}`.slice(0, 45);
}

/** What the gateway said of a refund, or that it could not be asked (then the same key is used again). */
export type RefundOutcome = RefundResult | { status: 'UNKNOWN' };

/** The booking once a refund attempt's outcome is known. Only a pending or failed refund changes. */
export function refundSettled(booking: Booking, outcome: RefundOutcome, at: Date): Booking {
  if (booking.refundStatus !== 'pending' && booking.refundStatus !== 'failed') return booking;
  if (outcome.status === 'REFUNDED') {
    return { ...booking, refundStatus: 'refunded', refundId: outcome.refundId, refundFailure: null, refundedAt: at.toISOString() };
  }
  if (outcome.status === 'FAILED') {
    return { ...booking, refundStatus: 'failed', refundFailure: outcome.message, refundAttempts: booking.refundAttempts + 1 };
  }
  return { ...booking, refundStatus: 'failed', refundFailure: LIFECYCLE_MESSAGES.unreachable };
}

/** A refund of cash or a transfer, recorded as handed back by an admin. */
export function refundMadeByHand(booking: Booking, at: Date, reference: string | null): Booking {
  if (!refundOpen(booking)) return booking;
  return { ...booking, refundStatus: 'refunded', refundId: reference, refundFailure: null, refundedAt: at.toISOString() };
}

/** Whether a refund is owed and can be tried again (by the gateway, or recorded as made by hand). */
export function refundOpen(booking: Pick<Booking, 'refundStatus'>): boolean {
  return booking.refundStatus === 'pending' || booking.refundStatus === 'failed' || booking.refundStatus === 'by-hand';
}

/**
 * The booking marked paid by cash or bank transfer by an admin. Refused (a message) for a booking
 * already paid, cancelled, or with nothing to pay; and, when its hold had lapsed, unless its
 * places still fit: `placesTaken` is the event's count at `now` (this booking counts in it only
 * while it holds places).
 */
export function paidOffline(
  booking: Booking,
  payment: { method: Exclude<PaymentMethod, 'card'>; reference: string | null; at: Date },
  room: { capacity: number | null; placesTaken: number; now: Date },
): Booking | string {
  if (isCancelled(booking)) return LIFECYCLE_MESSAGES.cancelledNotPayable;
  if (booking.paid) return LIFECYCLE_MESSAGES.alreadyPaid;
  if (!booking.paymentRequired || !booking.paymentAmount) return LIFECYCLE_MESSAGES.notPayable;
  const refusal = roomRefusal(booking, booking.numberAttending, room);
  if (refusal) return refusal;
  return { ...booking, paid: true, paymentMethod: payment.method, paymentReference: payment.reference, paymentCompletedAt: payment.at.toISOString() };
}

/**
 * Null when `places` for this booking fit the event at `now`; else the refusal. The booking's own
 * places count as free to it while it holds them.
 */
export function roomRefusal(
  booking: Parameters<typeof holdsPlace>[0] & Pick<Booking, 'numberAttending'>,
  places: number,
  room: { capacity: number | null; placesTaken: number; now: Date },
): string | null {
  if (room.capacity === null) return null;
  const others = room.placesTaken - (holdsPlace(booking, room.now) ? booking.numberAttending : 0);
  if (others + places <= room.capacity) return null;
  return LIFECYCLE_MESSAGES.noRoom(Math.max(0, room.capacity - others));
}

/**
 * A card payment recorded against the booking (the gateway's word). Kept when the booking still
 * stands and its places fit (a lapsed hold whose places are still free is kept); otherwise the
 * money came too late: the booking is recorded paid and cancelled by the system with a full
 * refund pending, so admins never see more attending than capacity. Null: already paid, nothing changes.
 */
export function paidByCardAt(
  booking: Booking,
  payment: { paymentId: string; paymentCompletedAt: string },
  room: { capacity: number | null; placesTaken: number; now: Date },
): Booking | null {
  if (booking.paid) return null;
  const paid: Booking = { ...booking, paid: true, paymentMethod: 'card', paymentId: payment.paymentId, paymentCompletedAt: payment.paymentCompletedAt };
  if (isCancelled(booking)) return { ...paid, refundStatus: 'pending', refundAmount: bookingRevenue(paid), refundFailure: null };
  if (roomRefusal(booking, booking.numberAttending, room) === null) return paid;
  return cancelled(paid, { at: room.now, by: 'system', refund: true });
}

/** What an admin may correct on a booking. */
export interface BookingCorrection {
  firstName: string;
  lastName: string;
  userEmail: string | null;
  boatName: string | null;
  numberAttending: number;
  numberOfChildren: number;
  numberOfSoftDrinks: number;
  numberOfVegetarian: number;
}

/** The fields an audit entry lists for a booking. */
export const BOOKING_AUDIT_FIELDS = [
  'firstName',
  'lastName',
  'userEmail',
  'boatName',
  'numberAttending',
  'numberOfChildren',
  'numberOfSoftDrinks',
  'numberOfVegetarian',
  'paid',
  'paymentMethod',
  'paymentReference',
  'paymentId',
  'cancelledAt',
  'cancelledBy',
  'cancelReason',
  'refundStatus',
  'refundAmount',
  'refundId',
  'refundFailure',
] as const satisfies readonly (keyof Booking)[];

/** The audit entry of a booking change. */
export function bookingAuditEntry(
  id: string,
  before: Booking,
  after: Booking,
  what: { action: string; summary: string; actor: AuditActor; at: Date },
): AuditEntry {
  return {
    id,
    at: what.at.toISOString(),
    actor: what.actor,
    action: what.action,
    recordType: 'booking',
    recordId: after.id,
    summary: what.summary,
    changes: changedFields(before, after, BOOKING_AUDIT_FIELDS),
  };
}
