import { tablesMigration } from '../sqlite-schema';

/**
 * Check-in (docs/officer-of-the-day.md): one attendance record per booking with its version, and the key of every
 * mark applied (a device's UUID), written in the same transaction so a mark sent again is
 * recognised and never applied twice.
 */
export const { up, down } = tablesMigration({
  attendance: 'bookingId text primary, eventId text index:attendance_event, version integer, value text',
  attendance_marks: 'key text primary, bookingId text index:attendance_marks_booking, appliedAt text',
});
