import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { AuditLog } from '../audit/audit-log.port';
import type { EventRepository } from '../events/event-repository.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { MESSAGES } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import type { AttendanceStore, WalkInOutcome } from './attendance-store.port';
import { WALK_IN_MESSAGES, type AddWalkIn, type WalkInAfloatMark } from './walk-in';

export interface WalkInsDeps {
  events: Pick<EventRepository, 'get'>;
  attendance: Pick<AttendanceStore, 'addWalkIn' | 'removeWalkIn' | 'applyWalkInAfloat'>;
  clock: Clock;
  audit: AuditLog;
  ids: IdGenerator;
}

/**
 * The officer's walk-ins (bookings:write, the check-in's permission; docs/officer-of-the-day.md#walk-ins):
 * people who came without a booking, added to an event's sheet by an id made on the officer's
 * device, so an add or a removal sent again (a queue replayed after no signal) applies once. Each
 * add and removal that applied is a line of the audit log, on the event, without the person's
 * details (the log outlives the walk-in's retention).
 */
export class ManageWalkIns extends UseCase<WalkInsDeps> {
  async add(admin: Admin, eventId: string, request: AddWalkIn): Promise<WalkInOutcome> {
    requirePermission(admin, 'bookings.write');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(MESSAGES.eventNotFound);
    if (event.cancelledAt !== null) throw new ConflictError(WALK_IN_MESSAGES.eventCancelled);
    const at = this.deps.clock.now().toISOString();
    const outcome = await this.deps.attendance.addWalkIn({
      id: request.id,
      eventId: event.id,
      name: request.name,
      phone: request.phone,
      emergencyContactName: request.emergencyContactName,
      emergencyContactPhone: request.emergencyContactPhone,
      addedAt: at,
      addedBy: admin.email,
      afloat: null,
    });
    if (outcome.result === 'applied') await this.log(admin, event.id, 'walk-in.added', 'Walk-in added', request.id, at);
    return outcome;
  }

  async remove(admin: Admin, walkInId: string): Promise<WalkInOutcome> {
    requirePermission(admin, 'bookings.write');
    const at = this.deps.clock.now().toISOString();
    const outcome = await this.deps.attendance.removeWalkIn(walkInId, at, admin.email);
    if (outcome.result === 'missing') throw new NotFoundError(WALK_IN_MESSAGES.notFound);
    if (outcome.result === 'applied' && outcome.walkIn) await this.log(admin, outcome.walkIn.eventId, 'walk-in.removed', 'Walk-in removed', walkInId, at);
    return outcome;
  }

  /** A walk-in afloat or back ashore: the tally board's rule for a person ticked as arrived (a walk-in always is). */
  async markAfloat(admin: Admin, walkInId: string, mark: WalkInAfloatMark): Promise<WalkInOutcome> {
    requirePermission(admin, 'bookings.write');
    // As for bookings: a mark is never later than its arrival here (a phone whose clock runs fast).
    const at = Math.min(Date.parse(mark.markedAt), this.deps.clock.now().getTime());
    const outcome = await this.deps.attendance.applyWalkInAfloat({
      key: mark.key,
      walkInId,
      entry: { afloat: mark.afloat, at: new Date(at).toISOString(), by: admin.email },
    });
    if (outcome.result === 'missing') throw new NotFoundError(WALK_IN_MESSAGES.notFound);
    return outcome;
  }

  private async log(admin: Admin, eventId: string, action: string, summary: string, walkInId: string, at: string): Promise<void> {
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at,
        actor: { kind: 'admin', uid: admin.uid, email: admin.email },
        action,
        recordType: 'event',
        recordId: eventId,
        summary,
        changes: [{ field: 'walkIn', before: action === 'walk-in.added' ? null : walkInId, after: action === 'walk-in.added' ? walkInId : null }],
      },
    ]);
  }
}
