import type { Admin } from '../admins/admin';
import type { AuditActor, AuditEntry } from '../audit/audit';
import { handRefundOf } from './hand-refunds';
import { handRefundMessages } from './hand-refund-mail';
import type { Booking } from './booking';
import type { ClubEvent } from '../events/event';
import type { OutboxMessage } from '../mail/mail';
import { bookingCancellation, bookingRefund } from './booking-mail';
import { bookingAuditEntry, cancelled, LIFECYCLE_MESSAGES, paidByCard, refundKey, refundSettled, type RefundOutcome } from './booking-lifecycle';
import { isCancelled } from './booking-state';
import { ConflictError } from '../shared/errors';
import { newOutboxMessage } from '../mail/outbox';
import { formatMoney } from '../shared/money';
import { eventBookingPath } from '../shared/paths';
import { UnavailableError } from '../shared/errors';
import type { BookingChange, BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import { cancellationRefundParts, partsRefundId, refundedParts, refundPartKey } from './refund-split';
import { eventCancelledPushKey, eventChangePush } from '../push/push-notifications';
import type { PushNotification } from '../push/push';
import { withPush } from '../push/queue-push';

/** One outcome for a refund made in parts: refunded when every part was (their ids together), else the first refusal, else unknown. */
export function combinedRefundOutcome(outcomes: readonly RefundOutcome[]): RefundOutcome {
  const failed = outcomes.find((o) => o.status === 'FAILED');
  if (failed) return failed;
  if (outcomes.length === 0 || outcomes.some((o) => o.status === 'UNKNOWN')) return { status: 'UNKNOWN' };
  return {
    status: 'REFUNDED',
    refundId: outcomes
      .map((o) => (o.status === 'REFUNDED' ? o.refundId : ''))
      .join(' ')
      .slice(0, 200),
  };
}

/** What every change of a booking after "Book" needs. */
export interface BookingChangeDeps {
  bookings: BookingRepository;
  events: EventRepository;
  payments: PaymentGateway;
  clock: Clock;
  ids: IdGenerator;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/** One booking change: the booking as it is to be stored, its audit entry, and any e-mail. */
export function changeOf(
  deps: Pick<BookingChangeDeps, 'ids'>,
  before: Booking,
  after: Booking,
  what: { action: string; summary: string; actor: AuditActor; at: Date; mail?: OutboxMessage[] },
): BookingChange {
  const audit: AuditEntry[] = [bookingAuditEntry(deps.ids.next(), before, after, what)];
  return { booking: after, audit, mail: what.mail ?? [] };
}

/** The e-mail of this kind about the booking, or none when the member gave no address. */
export function memberMail(
  deps: Pick<BookingChangeDeps, 'ids' | 'siteSettings'>,
  kind: 'booking-cancellation' | 'booking-refund',
  booking: Booking,
  event: ClubEvent | null,
  at: Date,
): OutboxMessage[] {
  if (!booking.userEmail) return [];
  const { clubName, publicBaseUrl } = deps.siteSettings;
  // The cancellation carries the event's entry marked cancelled, so it leaves the member's calendar.
  const context = { clubName, calendar: { event, location: clubName, eventUrl: event ? `${publicBaseUrl}${eventBookingPath(event.id)}` : undefined } };
  const dates = event ?? { eventdatetime: null, eventenddatetime: null };
  const mail = kind === 'booking-cancellation' ? bookingCancellation(booking, dates, context) : bookingRefund(booking, dates, context);
  return [newOutboxMessage(deps.ids.next(), kind, booking.id, mail, at)];
}

/** A refund's words for the audit log. */
export function refundSummary(booking: Booking): string {
  const amount = booking.refundAmount !== null && booking.paymentCurrency !== null ? formatMoney(booking.refundAmount, booking.paymentCurrency) : '';
  if (booking.refundStatus === 'refunded') return `Refunded ${amount}`.trim();
  if (booking.refundStatus === 'by-hand') return `Refund of ${amount} to make by hand`.trim();
  if (booking.refundStatus === 'failed') return `Refund of ${amount} failed: ${booking.refundFailure ?? ''}`.trim();
  return `Refund of ${amount} asked of the payment provider`.trim();
}

/**
 * Asks the gateway to make the booking's pending (or failed) card refund, and records the outcome
 * with its e-mail and audit entry. The idempotency key stays the same until the provider
 * definitely refuses, so a retry after a lost answer never refunds twice, and a booking whose
 * refund is already settled is left as it is. The first outcome of a refund asked with a
 * cancellation sends the cancellation e-mail (saying what happened to the money); a later
 * successful retry sends a refund e-mail.
 */
export async function settleCardRefund(deps: BookingChangeDeps, booking: Booking, actor: AuditActor): Promise<Booking> {
  if ((booking.refundStatus !== 'pending' && booking.refundStatus !== 'failed') || !paidByCard(booking)) return booking;
  if (booking.paymentId === null || booking.refundAmount === null || booking.paymentCurrency === null) return booking;
  // A booking paid in parts (a larger change paid by card) is refunded over its payments newest
  // first, each part capped at what its payment has left, one idempotency key per payment.
  const split = cancellationRefundParts(booking);
  const parts = split.length > 0 ? split : [{ index: 0, paymentId: booking.paymentId, amount: booking.refundAmount }];
  const inParts = parts.some((part) => part.index > 0);
  // Parts refunded by an earlier attempt (another part was refused, and its key moved on): not asked again.
  const done = inParts ? refundedParts(booking.refundId) : new Map<number, string>();
  const todo = parts.filter((part) => !done.has(part.index));
  const outcomes: RefundOutcome[] = [];
  for (const part of todo) {
    try {
      outcomes.push(
        await deps.payments.refund({
          paymentId: part.paymentId,
          amount: part.amount,
          currency: booking.paymentCurrency,
          reason: `Booking ${booking.id} cancelled`,
          idempotencyKey: part.index === 0 ? refundKey(booking) : refundPartKey({ prefix: `refund-${booking.refundAttempts}`, bookingId: booking.id }, part),
        }),
      );
    } catch (error) {
      if (!(error instanceof UnavailableError)) throw error;
      outcomes.push({ status: 'UNKNOWN' });
    }
  }
  todo.forEach((part, i) => {
    const answer = outcomes[i];
    if (answer.status === 'REFUNDED') done.set(part.index, answer.refundId);
  });
  const combined: RefundOutcome = todo.length === 0 ? { status: 'REFUNDED', refundId: '' } : combinedRefundOutcome(outcomes);
  const outcome: RefundOutcome = inParts && combined.status === 'REFUNDED' ? { status: 'REFUNDED', refundId: partsRefundId(done) } : combined;
  const event = await deps.events.get(booking.eventId);
  const now = deps.clock.now();
  const { booking: stored } = await deps.bookings.change(booking.id, now, (current) => {
    // Settled meanwhile by another request (a double click): nothing more to record.
    if (current.refundStatus !== booking.refundStatus || current.refundAttempts !== booking.refundAttempts) return null;
    const answered = refundSettled(current, outcome, now);
    // A refund made in parts keeps the parts already made, whatever became of the others.
    const settled = inParts && answered.refundStatus === 'failed' ? { ...answered, refundId: partsRefundId(done) || null } : answered;
    const first = current.refundStatus === 'pending';
    const mail = first
      ? cancellationWithItsPush(memberMail(deps, 'booking-cancellation', settled, event, now), settled, event)
      : settled.refundStatus === 'refunded'
        ? memberMail(deps, 'booking-refund', settled, event, now)
        : [];
    return changeOf(deps, current, settled, { action: 'booking.refund', summary: refundSummary(settled), actor, at: now, mail });
  });
  return stored;
}

/**
 * A member's booking cancellation e-mail carrying the event's cancellation push (`push`, under the
 * booking's key: docs/notifications.md#push), so the sender queues it should the push queued after
 * the write be lost. Others' e-mails, and a booking of no member, are left as they are.
 */
export function withEventCancelledPush(mail: readonly OutboxMessage[], booking: Booking, push: PushNotification): OutboxMessage[] {
  const memberId = booking.memberId;
  if (memberId === null) return [...mail];
  return mail.map((m) => (m.kind === 'booking-cancellation' ? withPush(m, memberId, eventCancelledPushKey(booking.id), push) : m));
}

/**
 * The cancellation e-mail written once a card refund is settled: for a booking cancelled with its
 * event (at or after the event's cancellation), it carries the push CancelEvent queued, whose own
 * e-mail had to wait for the refund.
 */
function cancellationWithItsPush(mail: OutboxMessage[], booking: Booking, event: ClubEvent | null): OutboxMessage[] {
  if (!event?.cancelledAt || booking.cancelledAt === null || booking.cancelledAt < event.cancelledAt) return mail;
  return withEventCancelledPush(mail, booking, eventChangePush({ id: event.id, title: event.name }, { cancelled: true }));
}

/**
 * The change of an admin's cancellation of one booking (the booking screen's, and every booking
 * of an event called off): places released, a full refund owed with `refund`, the cancellation
 * e-mail at once unless a card refund is to be asked first (settleCardRefund sends it with the
 * outcome), the audit entry. Refused (409) for a booking already cancelled.
 */
export function adminCancellation(
  deps: Pick<BookingChangeDeps, 'ids' | 'siteSettings'>,
  current: Booking,
  what: {
    at: Date;
    actor: AuditActor & { kind: 'admin' };
    refund: boolean;
    event: Parameters<typeof memberMail>[3];
    why?: string;
    /** The reason told to the member (one booking cancelled on its screen), already checked. */
    reason?: string | null;
    /** Admins to tell when the money is to be repaid by hand (none for an event's cancellation: it tells them once). */
    tellAdmins?: readonly Admin[];
  },
): BookingChange {
  if (isCancelled(current)) throw new ConflictError(LIFECYCLE_MESSAGES.alreadyCancelled);
  const { at, actor, refund, event } = what;
  const next = cancelled(current, { at, by: actor.uid, refund, reason: what.reason ?? null });
  const mail = [
    ...(next.refundStatus === 'pending' ? [] : memberMail(deps, 'booking-cancellation', next, event, at)),
    ...handRefundNotice(deps, next, what.tellAdmins ?? [], at),
  ];
  const by = what.why ?? 'Cancelled by an admin';
  const because = next.cancelReason ? ` (reason: ${next.cancelReason})` : '';
  const summary =
    next.refundStatus === null
      ? refund
        ? `${by}${because} (nothing to refund)`
        : `${by}${because}, without a refund`
      : `${by}${because}; ${refundSummary(next)}`;
  return changeOf(deps, current, next, { action: 'booking.cancelled', summary, actor, at, mail });
}

/**
 * The admins' e-mail of one cancelled booking whose money is to be repaid by hand, written with
 * its cancellation (so it is neither lost nor sent twice); none for any other booking.
 */
export function handRefundNotice(deps: Pick<BookingChangeDeps, 'ids' | 'siteSettings'>, booking: Booking, admins: readonly Admin[], at: Date): OutboxMessage[] {
  const refund = handRefundOf(booking);
  if (refund === null) return [];
  const occasion = { kind: 'booking' as const, eventId: booking.eventId, eventName: booking.eventName, recordId: booking.id };
  return handRefundMessages(admins, [refund], occasion, deps.siteSettings, at, () => deps.ids.next());
}
