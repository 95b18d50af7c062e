import { z } from 'zod';
import type { Admin } from '../admins/admin';
import type { AuditActor } from '../audit/audit';
import type { Booking } from '../bookings/booking';
import type { ClubEvent } from '../events/event';
import { bookingsToCancel, cancelEvent, EVENT_CANCEL_MESSAGES, eventCancellationPreview, type EventCancellationPreview } from '../bookings/event-cancellation';
import { isEventCancelled } from '../events/event-time';
import { permittedChange, permittedRecord } from '../admins/admin-record';
import { eventSearchRecord } from '../events/event-search-record';
import { ConflictError, ValidationError } from '../shared/errors';
import { EVENT_NOT_FOUND } from '../shared/messages';
import type { EventRepository } from '../events/event-repository.port';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import { CloseWaitingList } from '../waiting-list/close-waiting-list';
import { type AuditedRecord, type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_EVENT, EVENT_AUDIT_FIELDS } from '../events/event-audit';
import { adminCancellation, settleCardRefund, withEventCancelledPush, type BookingChangeDeps } from '../bookings/booking-changes';
import { upsertInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import { UseCase } from '../shared/use-case';
import type { AdminRepository } from '../admins/admin-repository.port';
import type { Outbox } from '../mail/outbox.port';
import type { PushNotification } from '../push/push';
import { eventCancelledPushKey, eventChangePush } from '../push/push-notifications';
import { queuePush, type QueuePushDeps } from '../push/queue-push';
import { handRefundsOf, type HandRefund } from '../bookings/hand-refunds';
import { handRefundMessages } from '../bookings/hand-refund-mail';
import { refundOwedByHand } from '../bookings/booking-state';

/** An event's cancellation is audited with the reason and time it was called off. */
const AUDITED_CANCELLATION: AuditedRecord<ClubEvent> = { ...AUDITED_EVENT, fields: [...EVENT_AUDIT_FIELDS, 'cancelledAt', 'cancelReason'] };

export const CancelEventRequestSchema = z.strictObject({ reason: z.string().max(10000) });

export interface CancelEventDeps extends BookingChangeDeps, Omit<AuditTrailDeps, 'clock' | 'ids'>, SearchIndexingDeps {
  events: EventRepository;
  /** The admins told, in one e-mail each, of the bookings to repay by hand. */
  admins: AdminRepository;
  outbox: Outbox;
  /** Members' push devices and the push outbox: a booked member's devices that chose it hear of the cancellation too (docs/notifications.md). */
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  pushOutbox: QueuePushDeps['pushOutbox'];
  /** The event's waiting list, closed with it: everyone in line is told. */
  waitingList: WaitingList;
}

/** What cancelling did: the event as stored, and its bookings by outcome. */
export interface CancelEventResult {
  event: ClubEvent;
  /** Bookings this call cancelled. */
  cancelled: number;
  /** Card refunds made by the gateway. */
  refunded: number;
  /** Card refunds the gateway refused or could not be reached for (listed "Refund failed" for an admin to retry). */
  refundsFailed: number;
  /** Bookings this call cancelled whose cash or transfer payment is to be repaid by hand. */
  refundsByHand: number;
  /** Every booking of the event still to repay by hand (listed "To refund by hand" until recorded as repaid). */
  handRefunds: HandRefund[];
}

/**
 * Calls an event off (events:write): the event is marked cancelled with the reason members are
 * told (a new calendar revision; it stays on the calendar and in the feed, booking closes), with
 * its audit entry; then every booking that still stands is cancelled by the admin with a full
 * refund through the booking life cycle's one path (places, e-mail, audit and refund in one write
 * per booking, the refund's idempotency key kept until the provider definitely refuses). The
 * bookings are listed again after the pass, so one made while the event was being marked is not
 * missed. The event is written only over the version read, so of two cancellations at once one
 * wins and the other is refused. Everyone still on the event's waiting list leaves it and is told
 * by e-mail. Cancelling an event already cancelled is refused (409), but first finishes any booking
 * (and waiting-list entry) an interrupted cancellation left standing, so a retry after a crash
 * completes the work.
 */

export class CancelEvent extends UseCase<CancelEventDeps> {
  /** What the confirmation dialog says: how many bookings will be cancelled and refunded. */
  async preview(admin: Admin, eventId: string): Promise<EventCancellationPreview> {
    await permittedRecord(admin, 'events.cancel', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    return eventCancellationPreview(await this.deps.bookings.listByEvent(eventId), this.deps.clock.now());
  }

  async execute(admin: Admin, eventId: string, request: unknown): Promise<CancelEventResult> {
    const {
      input: { reason },
      record: existing,
    } = await permittedChange(admin, 'events.cancel', { schema: CancelEventRequestSchema, request }, () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const actor: AuditActor & { kind: 'admin' } = { kind: 'admin', uid: admin.uid, email: admin.email };
    const decided = cancelEvent(existing, reason, this.deps.clock.now());
    if (!decided.ok) {
      if (decided.status === 409) {
        // A cancellation interrupted after the event was marked: finish its bookings, then refuse.
        if (isEventCancelled(existing)) await this.finish(existing, actor);
        throw new ConflictError(decided.message);
      }
      throw new ValidationError(decided.message, { reason: decided.message });
    }
    const event = decided.event;
    // Only over the event as read: of two cancellations (or a cancellation and an edit) at once, one is written.
    if (!(await this.deps.events.update(event, { sequence: existing.sequence }))) {
      const now = await this.deps.events.get(eventId);
      if (now && isEventCancelled(now)) {
        await this.finish(now, actor);
        throw new ConflictError(EVENT_CANCEL_MESSAGES.alreadyCancelled);
      }
      throw new ConflictError(EVENT_CANCEL_MESSAGES.changedMeanwhile);
    }
    await recordChange(this.deps, admin, AUDITED_CANCELLATION, {
      action: 'event.cancelled',
      summary: `Cancelled the event ${event.name}: ${event.cancelReason ?? ''}`,
      before: existing,
      after: event,
    });
    await upsertInStep(this.deps, 'events', [eventSearchRecord(event)]);
    return { event, ...(await this.finish(event, actor)) };
  }

  /**
   * The work that follows the event's marking: its bookings cancelled and refunded, the admins
   * told of those to repay by hand, its waiting list closed.
   */
  private async finish(event: ClubEvent, actor: AuditActor & { kind: 'admin' }): Promise<Omit<CancelEventResult, 'event'>> {
    const outcome = await this.cancelBookings(event, actor);
    const handRefunds = handRefundsOf(await this.deps.bookings.listByEvent(event.id));
    await this.tellAdmins(event, handRefunds);
    await new CloseWaitingList(this.deps).execute(event);
    return { ...outcome, handRefunds };
  }

  /**
   * One e-mail to each admin who may record refunds, listing the bookings to repay by hand. Its id
   * follows the event and the admin, so a re-run (after an interruption) writes it only if the
   * first run did not: nobody is told twice, and pressing Cancel event again sends one that was lost.
   */
  private async tellAdmins(event: ClubEvent, handRefunds: HandRefund[]): Promise<void> {
    const now = this.deps.clock.now();
    const occasion = { kind: 'event' as const, eventId: event.id, eventName: event.name, recordId: event.id };
    const messages = handRefundMessages(
      await this.deps.admins.list(),
      handRefunds,
      occasion,
      this.deps.siteSettings,
      now,
      (admin) => `hand-refunds-${event.id}-${admin.uid}`,
    );
    for (const message of messages) await this.deps.outbox.addOnce(message);
  }

  /** Cancels, with a full refund, every booking of the cancelled event that still stands. */
  private async cancelBookings(event: ClubEvent, actor: AuditActor & { kind: 'admin' }): Promise<Omit<CancelEventResult, 'event' | 'handRefunds'>> {
    const outcome = { cancelled: 0, refunded: 0, refundsFailed: 0, refundsByHand: 0 };
    const push = eventChangePush({ id: event.id, title: event.name }, { cancelled: true });
    // Two passes at most: the second catches a booking added while the event was being marked.
    for (let pass = 0; pass < 2; pass += 1) {
      const standing = bookingsToCancel(await this.deps.bookings.listByEvent(event.id));
      if (standing.length === 0) break;
      for (const booking of standing) {
        const settled = await this.cancelOne(booking, event, actor, push);
        if (settled === null) continue;
        // After the booking's own write, keyed by the booking: a cancellation run again pushes nothing twice.
        if (settled.memberId !== null) await queuePush(this.deps, settled.memberId, eventCancelledPushKey(settled.id), push);
        outcome.cancelled += 1;
        if (settled.refundStatus === 'refunded') outcome.refunded += 1;
        if (refundOwedByHand(settled)) outcome.refundsByHand += 1;
        else if (settled.refundStatus === 'failed') outcome.refundsFailed += 1;
      }
    }
    return outcome;
  }

  /** One booking cancelled with a refund; null when another request cancelled it meanwhile. */
  private async cancelOne(booking: Booking, event: ClubEvent, actor: AuditActor & { kind: 'admin' }, push: PushNotification): Promise<Booking | null> {
    const now = this.deps.clock.now();
    const why = `Cancelled with the event ${event.name}`;
    const { booking: stored, changed } = await this.deps.bookings.change(booking.id, now, (current) => {
      // Cancelled meanwhile (by its member, or a double click): nothing more to do here.
      if (current.cancelledAt !== null) return null;
      const change = adminCancellation(this.deps, current, { at: now, actor, refund: true, event, why });
      // The push goes with the member's cancellation e-mail, written with the cancellation (queued
      // by the sender should this stop before cancelBookings queues it).
      return { ...change, mail: withEventCancelledPush(change.mail ?? [], current, push) };
    });
    if (!changed) return null;
    return settleCardRefund(this.deps, stored, actor);
  }
}
