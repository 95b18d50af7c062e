import type { Booking } from './booking';
import type { ClubEvent } from '../events/event';
import { bookingRevenue, isCancelled, paymentStatus } from './booking-state';
import { isEventCancelled, isEventOver } from '../events/event-time';
import { paidByCard } from './booking-lifecycle';

/**
 * Calling off an event (docs/product.md, "Booking states and cancellation"). The event stays on the calendar and in
 * the feed marked cancelled with the reason members are told; booking closes; every booking that
 * still stands is cancelled by the admin with a full refund (the booking life cycle's one path).
 */

export const EVENT_CANCEL_MESSAGES = {
  alreadyCancelled: 'This event is already cancelled.',
  reasonRequired: 'Please give the reason members will be told.',
  reasonTooLong: 'The reason must be 2000 characters or fewer.',
  bookingRefused: 'This event has been cancelled, so it can no longer be booked.',
  changedMeanwhile: 'The event was changed while you were cancelling it. Please reload and try again.',
  eventOver: 'This event is over, so it can no longer be cancelled: its bookings stand and nobody is refunded.',
} as const;

export const CANCEL_REASON_MAX = 2000;

export type CancelEventResult = { ok: true; event: ClubEvent } | { ok: false; status: 400 | 409; message: string };

/** The reason as stored: trimmed; null when there is none to give. */
export function cancelReasonOf(reason: string): string | null {
  const trimmed = reason.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The event as it is to be stored once cancelled at `now` for `reason`: marked cancelled, a new
 * calendar revision (SEQUENCE); booking closes (bookingClosedReason 'cancelled'), its other fields
 * stay as they were. Refused: a second cancellation (409), an empty,
 * blank or too long reason (400).
 */
export function cancelEvent(event: ClubEvent, reason: string, now: Date): CancelEventResult {
  if (isEventCancelled(event)) return { ok: false, status: 409, message: EVENT_CANCEL_MESSAGES.alreadyCancelled };
  // Over: calling it off now would e-mail and refund everyone who came.
  if (isEventOver(event, now)) return { ok: false, status: 409, message: EVENT_CANCEL_MESSAGES.eventOver };
  const given = cancelReasonOf(reason);
  if (given === null) return { ok: false, status: 400, message: EVENT_CANCEL_MESSAGES.reasonRequired };
  if (given.length > CANCEL_REASON_MAX) return { ok: false, status: 400, message: EVENT_CANCEL_MESSAGES.reasonTooLong };
  const at = now.toISOString();
  return { ok: true, event: { ...event, cancelledAt: at, cancelReason: given, updatedAt: at, sequence: event.sequence + 1 } };
}

/** The bookings an event's cancellation still has to cancel: every one not yet cancelled. */
export function bookingsToCancel<B extends Pick<Booking, 'cancelledAt'>>(bookings: readonly B[]): B[] {
  return bookings.filter((b) => !isCancelled(b));
}

/** What the confirmation dialog tells the admin before an event is cancelled. */
export interface EventCancellationPreview {
  /** Bookings that will be cancelled (expired holds are cancelled too, but are not counted here). */
  bookings: number;
  /** Of them, paid by card: refunded in full through the payment provider. */
  cardRefunds: number;
  /** Of them, paid by cash or transfer: listed "To refund by hand" for an admin to repay and record. */
  handRefunds: number;
}

export function eventCancellationPreview(
  bookings: readonly (Parameters<typeof paymentStatus>[0] & Pick<Booking, 'paid' | 'paymentMethod' | 'paymentId' | 'refundAmount'>)[],
  now: Date,
): EventCancellationPreview {
  const preview: EventCancellationPreview = { bookings: 0, cardRefunds: 0, handRefunds: 0 };
  for (const b of bookingsToCancel(bookings)) {
    if (paymentStatus(b, now) === 'Expired') continue;
    preview.bookings += 1;
    if (bookingRevenue(b) <= 0) continue;
    if (paidByCard(b)) preview.cardRefunds += 1;
    else preview.handRefunds += 1;
  }
  return preview;
}
