import type { Admin } from '../admins/admin';
import type { AuditLog } from '../audit/audit-log.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { permittedRecord } from '../admins/admin-record';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, ValidationError } from '../shared/errors';
import { MESSAGES } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import { attendanceRefusal, CHECK_IN_MESSAGES, checkInSummary, type AttendanceMark } from './attendance';
import type { AttendanceOutcome, AttendanceStore } from './attendance-store.port';

export interface MarkAttendanceDeps {
  bookings: Pick<BookingRepository, 'get'>;
  attendance: Pick<AttendanceStore, 'apply' | 'get'>;
  clock: Clock;
  audit: AuditLog;
  ids: IdGenerator;
}

/**
 * The officer marks who of a booking arrived (bookings:write). Each mark's key is applied once;
 * a mark made on a version another officer has since changed is not applied: the answer is a
 * conflict with the state as it now stands, for the page to show. Each applied mark is a line of
 * the audit log (counts only: who the booking names is on the booking).
 */
export class MarkAttendance extends UseCase<MarkAttendanceDeps> {
  async execute(admin: Admin, bookingId: string, mark: AttendanceMark): Promise<AttendanceOutcome> {
    const booking = await permittedRecord(admin, 'bookings.write', () => this.deps.bookings.get(bookingId), MESSAGES.bookingNotFound);
    if (booking.cancelledAt !== null) {
      throw new ConflictError(CHECK_IN_MESSAGES.cancelled);
    }
    const refusal = attendanceRefusal(booking, mark);
    if (refusal) throw new ValidationError(refusal);
    const before = await this.deps.attendance.get(booking.id);
    const outcome = await this.deps.attendance.apply({
      key: mark.key,
      bookingId: booking.id,
      eventId: booking.eventId,
      expectedVersion: mark.expectedVersion,
      arrived: mark.arrived,
      arrivedPeople: mark.arrivedPeople,
      at: this.deps.clock.now().toISOString(),
      by: admin.email,
    });
    // Only a mark that changed the record is a line of the log: a resent key or a conflict changed nothing.
    if (outcome.result === 'applied') {
      const after = outcome.attendance;
      // The state the mark replaced: the one read, if it was the version the mark was applied on (never checked in: 0).
      const replaced = (before?.version ?? 0) === mark.expectedVersion ? { arrived: before?.arrived ?? 0, named: before?.arrivedPeople.length ?? 0 } : null;
      await this.deps.audit.append([
        {
          id: this.deps.ids.next(),
          at: after.updatedAt ?? this.deps.clock.now().toISOString(),
          actor: { kind: 'admin', uid: admin.uid, email: admin.email },
          action: 'booking.checked-in',
          recordType: 'booking',
          recordId: booking.id,
          summary: checkInSummary(booking, after),
          changes: [
            { field: 'arrived', before: replaced?.arrived ?? null, after: after.arrived },
            ...(booking.householdAttendees.length > 0 ? [{ field: 'namedArrived', before: replaced?.named ?? null, after: after.arrivedPeople.length }] : []),
          ],
        },
      ]);
    }
    return outcome;
  }
}
