import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, ValidationError } from '../shared/errors';
import { MESSAGES } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import { attendanceRefusal, CHECK_IN_MESSAGES, type AttendanceMark } from './attendance';
import type { AttendanceOutcome, AttendanceStore } from './attendance-store.port';

export interface MarkAttendanceDeps {
  bookings: Pick<BookingRepository, 'get'>;
  attendance: Pick<AttendanceStore, 'apply' | 'get'>;
  clock: Clock;
}

/**
 * The officer marks who of a booking arrived (bookings:write). Each mark's key is applied once;
 * a mark made on a version another officer has since changed is not applied: the answer is a
 * conflict with the state as it now stands, for the page to show.
 */
export class MarkAttendance extends UseCase<MarkAttendanceDeps> {
  async execute(admin: Admin, bookingId: string, mark: AttendanceMark): Promise<AttendanceOutcome> {
    requirePermission(admin, 'bookings.write');
    const booking = await requireFound(this.deps.bookings.get(bookingId), MESSAGES.bookingNotFound);
    if (booking.cancelledAt !== null) {
      throw new ConflictError(CHECK_IN_MESSAGES.cancelled);
    }
    const refusal = attendanceRefusal(booking, mark);
    if (refusal) throw new ValidationError(refusal);
    return this.deps.attendance.apply({
      key: mark.key,
      bookingId: booking.id,
      eventId: booking.eventId,
      expectedVersion: mark.expectedVersion,
      arrived: mark.arrived,
      arrivedPeople: mark.arrivedPeople,
      at: this.deps.clock.now().toISOString(),
      by: admin.email,
    });
  }
}
