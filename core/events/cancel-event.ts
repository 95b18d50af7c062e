import { z } from 'zod';
import type { Admin } from '../admins/admin';
import type { AuditActor } from '../audit/audit';
import type { Booking } from '../bookings/booking';
import type { ClubEvent } from './event';
import { bookingsToCancel, cancelEvent, EVENT_CANCEL_MESSAGES, eventCancellationPreview, isEventCancelled, type EventCancellationPreview } from './event-cancellation';
import { requirePermission } from '../admins/permissions';
import { eventSearchRecord } from '../search/search-records';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { EVENT_NOT_FOUND } from '../shared/messages';
import type { EventRepository } from './event-repository.port';
import type { SearchIndex } from '../search/search-index.port';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import { CloseWaitingList } from '../waiting-list/close-waiting-list';
import { EVENT_AUDIT_FIELDS, flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { adminCancellation, settleCardRefund, type BookingChangeDeps } from '../bookings/booking-changes';
import { keepIndexInStep, type SearchIndexErrorReporter } from '../search/keep-index-in-step';
import { parseInput } from '../shared/parse-input';

export const CancelEventRequestSchema = z.strictObject({ reason: z.string().max(10000) });

export interface CancelEventDeps extends BookingChangeDeps, Omit<AuditTrailDeps, 'clock' | 'ids'> {
  events: EventRepository;
  search: SearchIndex;
  reportSearchIndexError: SearchIndexErrorReporter;
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
  /** Refunds that could not be made (listed "Refund failed" for an admin to retry or hand back). */
  refundsFailed: number;
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
export class CancelEvent {
  constructor(private readonly deps: CancelEventDeps) {}

  /** What the confirmation dialog says: how many bookings will be cancelled and refunded. */
  async preview(admin: Admin, eventId: string): Promise<EventCancellationPreview> {
    requirePermission(admin, 'events.cancel');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
    return eventCancellationPreview(await this.deps.bookings.listByEvent(eventId), this.deps.clock.now());
  }

  async execute(admin: Admin, eventId: string, request: unknown): Promise<CancelEventResult> {
    requirePermission(admin, 'events.cancel');
    const { reason } = parseInput(CancelEventRequestSchema, request);
    const existing = await this.deps.events.get(eventId);
    if (!existing) throw new NotFoundError(EVENT_NOT_FOUND);
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
    await recordAdminAction(this.deps, admin, {
      action: 'event.cancelled',
      recordType: 'event',
      recordId: event.id,
      summary: `Cancelled the event ${event.name}: ${event.cancelReason ?? ''}`,
      before: flat(existing, [...EVENT_AUDIT_FIELDS, 'cancelledAt', 'cancelReason']),
      after: flat(event, [...EVENT_AUDIT_FIELDS, 'cancelledAt', 'cancelReason']),
    });
    await keepIndexInStep(() => this.deps.search.upsert('events', [eventSearchRecord(event)]), this.deps.reportSearchIndexError);
    return { event, ...(await this.finish(event, actor)) };
  }

  /** The work that follows the event's marking: its bookings cancelled and refunded, its waiting list closed. */
  private async finish(event: ClubEvent, actor: AuditActor & { kind: 'admin' }): Promise<Omit<CancelEventResult, 'event'>> {
    const outcome = await this.cancelBookings(event, actor);
    await new CloseWaitingList(this.deps).execute(event);
    return outcome;
  }

  /** Cancels, with a full refund, every booking of the cancelled event that still stands. */
  private async cancelBookings(event: ClubEvent, actor: AuditActor & { kind: 'admin' }): Promise<Omit<CancelEventResult, 'event'>> {
    const outcome = { cancelled: 0, refunded: 0, refundsFailed: 0 };
    // Two passes at most: the second catches a booking added while the event was being marked.
    for (let pass = 0; pass < 2; pass += 1) {
      const standing = bookingsToCancel(await this.deps.bookings.listByEvent(event.id));
      if (standing.length === 0) break;
      for (const booking of standing) {
        const settled = await this.cancelOne(booking, event, actor);
        if (settled === null) continue;
        outcome.cancelled += 1;
        if (settled.refundStatus === 'refunded') outcome.refunded += 1;
        if (settled.refundStatus === 'failed') outcome.refundsFailed += 1;
      }
    }
    return outcome;
  }

  /** One booking cancelled with a refund; null when another request cancelled it meanwhile. */
  private async cancelOne(booking: Booking, event: ClubEvent, actor: AuditActor & { kind: 'admin' }): Promise<Booking | null> {
    const now = this.deps.clock.now();
    const why = `Cancelled with the event ${event.name}`;
    const { booking: stored, changed } = await this.deps.bookings.change(booking.id, now, (current) =>
      // Cancelled meanwhile (by its member, or a double click): nothing more to do here.
      current.cancelledAt !== null ? null : adminCancellation(this.deps, current, { at: now, actor, refund: true, event, why }),
    );
    if (!changed) return null;
    return settleCardRefund(this.deps, stored, actor);
  }
}
