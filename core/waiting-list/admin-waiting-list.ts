import type { Admin } from '../admins/admin';
import { leftEntry, linePositions, WAITING_LIST_MESSAGES } from './waiting-list';
import { requirePermission } from '../admins/permissions';
import { permittedRecord } from '../admins/admin-record';
import { ConflictError, NotFoundError } from '../shared/errors';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { offerHoldId } from '../bookings/places-ledger';
import { OfferFreedPlaces, type OfferFreedPlacesDeps } from './offer-freed-places';
import type { AdminWaitingListAnswer } from './waiting-list-schema';
import { UseCase } from '../shared/use-case';

export type AdminWaitingListDeps = OfferFreedPlacesDeps;

/**
 * An event's waiting list as admins see it (bookings:read): everyone who joined, those in line
 * with their position; and removing someone from the line (bookings:write), with an audit entry
 * on the event written in the same transaction.
 */
export class AdminWaitingList extends UseCase<AdminWaitingListDeps> {
  async list(admin: Admin, eventId: string): Promise<AdminWaitingListAnswer> {
    const event = await permittedRecord(admin, 'bookings.read', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const entries = await this.deps.waitingList.listByEvent(event.id);
    const positions = linePositions(entries);
    return {
      entries: entries.map((e) => ({
        id: e.id,
        position: positions.get(e.id) ?? null,
        name: e.name,
        email: e.email,
        places: e.places,
        status: e.status,
        joinedAt: e.joinedAt,
        offeredUntil: e.offeredUntil,
      })),
    };
  }

  async remove(admin: Admin, eventId: string, entryId: string): Promise<AdminWaitingListAnswer> {
    requirePermission(admin, 'bookings.write');
    const now = this.deps.clock.now();
    const found = await this.deps.waitingList.get(entryId);
    if (!found || found.eventId !== eventId) throw new NotFoundError(WAITING_LIST_MESSAGES.entryNotFound);
    const auditId = this.deps.ids.next();
    const result = await this.deps.waitingList.change(entryId, (current) => {
      const next = leftEntry(current, now);
      if (!next) throw new ConflictError('This person is no longer on the waiting list');
      return {
        entry: next,
        audit: [
          {
            id: auditId,
            at: now.toISOString(),
            actor: { kind: 'admin', uid: admin.uid, email: admin.email },
            action: 'waitlist.removed',
            recordType: 'event',
            recordId: current.eventId,
            summary: `Removed ${current.name} <${current.email}> (${current.places} places wanted) from the waiting list`,
            changes: [{ field: 'waitlist', before: current.status, after: 'left' }],
          },
        ],
      };
    });
    if (!result) throw new NotFoundError(WAITING_LIST_MESSAGES.entryNotFound);
    // An offer withdrawn frees its places at once (the next round offers them on).
    if (found.status === 'offered') await this.deps.bookings.releaseHold(eventId, offerHoldId(entryId), now);
    return this.list(admin, eventId);
  }

  /** Offers this person their places now, out of turn (an admin's call), if the places are free. */
  async offer(admin: Admin, eventId: string, entryId: string): Promise<AdminWaitingListAnswer> {
    requirePermission(admin, 'bookings.write');
    const event = await this.deps.events.get(eventId);
    const found = await this.deps.waitingList.get(entryId);
    if (!event || !found || found.eventId !== eventId) throw new NotFoundError(WAITING_LIST_MESSAGES.entryNotFound);
    if (found.status !== 'waiting') throw new ConflictError('This person is not waiting for an offer');
    if (!(await new OfferFreedPlaces(this.deps).offer(event, found))) throw new ConflictError(WAITING_LIST_MESSAGES.offerDoesNotFit);
    const now = this.deps.clock.now();
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at: now.toISOString(),
        actor: { kind: 'admin', uid: admin.uid, email: admin.email },
        action: 'waitlist.offered',
        recordType: 'event',
        recordId: eventId,
        summary: `Offered ${found.places} places by hand to ${found.name} <${found.email}>`,
        changes: [{ field: 'waitlist', before: 'waiting', after: 'offered' }],
      },
    ]);
    return this.list(admin, eventId);
  }
}
