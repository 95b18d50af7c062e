import { AttendanceSchema, withAfloatMark, type Attendance } from '../core/check-in/attendance';
import type {
  AfloatChange,
  AfloatOutcome,
  AttendanceChange,
  AttendanceOutcome,
  WalkInAfloatChange,
  WalkInOutcome,
} from '../core/check-in/attendance-store.port';
import { WalkInSchema, withWalkInAfloat, type WalkIn } from '../core/check-in/walk-in';
import { ValidationError } from '../core/shared/errors';
import { validRecord } from './stored-records';

/** A stored attendance record read back (stored data is input too). */
export function attendanceFromJson(text: string): Attendance {
  return validAttendance(JSON.parse(text));
}

/** The record as the core's schema has it (a record to store, or one read back), else a ValidationError. */
export function validAttendance(record: unknown): Attendance {
  return validRecord(AttendanceSchema, record, 'attendance record');
}

/** A booking's record before any mark: nobody arrived, version 0. */
function noAttendance(change: { bookingId: string; eventId: string }): Attendance {
  return { bookingId: change.bookingId, eventId: change.eventId, arrived: 0, arrivedPeople: [], version: 0, updatedAt: null, updatedBy: null };
}

/**
 * The one decision every storage makes inside its transaction, given whether the key was applied
 * before and the record as stored: repeated, conflict, or the record to write (applied).
 */
export function decideMark(change: AttendanceChange, keyApplied: boolean, stored: Attendance | null): AttendanceOutcome {
  const current = stored ?? noAttendance(change);
  if (keyApplied) return { result: 'repeated', attendance: current };
  if (current.version !== change.expectedVersion) return { result: 'conflict', attendance: current };
  const next = AttendanceSchema.safeParse({
    bookingId: change.bookingId,
    eventId: change.eventId,
    arrived: change.arrived,
    arrivedPeople: [...change.arrivedPeople],
    version: current.version + 1,
    updatedAt: change.at,
    updatedBy: change.by,
    // The tally board is kept through a check-in: afloat marks have their own order (by time).
    ...(current.afloat ? { afloat: current.afloat } : {}),
  });
  if (!next.success) throw new ValidationError('Not a valid attendance record');
  return { result: 'applied', attendance: next.data };
}

/** The afloat decision every storage makes inside its transaction: repeated, or the record to write (applied). */
export function decideAfloat(change: AfloatChange, keyApplied: boolean, stored: Attendance | null): AfloatOutcome {
  const current = stored ?? noAttendance(change);
  if (keyApplied) return { result: 'repeated', attendance: current };
  return { result: 'applied', attendance: validAttendance(withAfloatMark(current, change.personId, change.entry)) };
}

/** A walk-in as a store holds it: on the sheet, removed (its details erased, its id kept), or never added (null). */
export type StoredWalkIn = { removed: false; walkIn: WalkIn } | { removed: true } | null;

/** A stored walk-in read back (stored data is input too). */
export function walkInFromJson(text: string): WalkIn {
  return validWalkIn(JSON.parse(text));
}

/** The walk-in as the core's schema has it, else a ValidationError. */
export function validWalkIn(record: unknown): WalkIn {
  return validRecord(WalkInSchema, record, 'walk-in');
}

/** Adding: repeated for an id known before (standing or removed), else the walk-in to store. */
export function decideAddWalkIn(walkIn: WalkIn, stored: StoredWalkIn): WalkInOutcome {
  if (stored) return { result: 'repeated', walkIn: stored.removed ? null : stored.walkIn };
  return { result: 'applied', walkIn: validWalkIn(walkIn) };
}

/** Removing: missing (never added), repeated (removed before), or applied with the walk-in removed. */
export function decideRemoveWalkIn(stored: StoredWalkIn): WalkInOutcome {
  if (!stored) return { result: 'missing', walkIn: null };
  if (stored.removed) return { result: 'repeated', walkIn: null };
  return { result: 'applied', walkIn: stored.walkIn };
}

/** A walk-in's afloat mark: repeated (key applied before), missing (not on the sheet), or the walk-in to store. */
export function decideWalkInAfloat(change: WalkInAfloatChange, keyApplied: boolean, stored: StoredWalkIn): WalkInOutcome {
  const current = stored && !stored.removed ? stored.walkIn : null;
  if (keyApplied) return { result: 'repeated', walkIn: current };
  if (!current) return { result: 'missing', walkIn: null };
  return { result: 'applied', walkIn: validWalkIn(withWalkInAfloat(current, change.entry)) };
}
