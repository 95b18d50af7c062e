import type { Admin } from '../admins/admin';
import { permittedRecord } from '../admins/admin-record';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, ValidationError } from '../shared/errors';
import { MESSAGES } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import { afloatRefusal, CHECK_IN_MESSAGES, noAttendance, type AfloatMark } from './attendance';
import type { AfloatOutcome, AttendanceStore } from './attendance-store.port';

export interface MarkAfloatDeps {
  bookings: Pick<BookingRepository, 'get'>;
  attendance: Pick<AttendanceStore, 'applyAfloat' | 'get'>;
  clock: Clock;
}

/**
 * The officer marks a named attendee of a booking afloat or back ashore (bookings:write): the
 * tally board (docs/officer-of-the-day.md). Each mark's key is applied once, in the same key
 * space as check-in marks; the last mark by the time the officer made it wins, so marks queued
 * offline and sent late never overturn a later one.
 */
export class MarkAfloat extends UseCase<MarkAfloatDeps> {
  async execute(admin: Admin, bookingId: string, mark: AfloatMark): Promise<AfloatOutcome> {
    const booking = await permittedRecord(admin, 'bookings.write', () => this.deps.bookings.get(bookingId), MESSAGES.bookingNotFound);
    if (booking.cancelledAt !== null) throw new ConflictError(CHECK_IN_MESSAGES.cancelled);
    const attendance = (await this.deps.attendance.get(booking.id)) ?? noAttendance(booking);
    const refusal = afloatRefusal(booking, attendance, mark);
    if (refusal) throw new ValidationError(refusal);
    // A mark is never later than its arrival here: a phone whose clock runs fast cannot pin a
    // sailor afloat (or ashore) against the marks that follow it.
    const at = Math.min(Date.parse(mark.markedAt), this.deps.clock.now().getTime());
    return this.deps.attendance.applyAfloat({
      key: mark.key,
      bookingId: booking.id,
      eventId: booking.eventId,
      personId: mark.personId,
      entry: { afloat: mark.afloat, at: new Date(at).toISOString(), by: admin.email },
    });
  }
}
