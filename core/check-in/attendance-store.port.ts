import type { AfloatEntry, Attendance } from './attendance';

/** One mark to apply: the device's key, the version the officer saw, and the new state. */
export interface AttendanceChange {
  key: string;
  bookingId: string;
  eventId: string;
  expectedVersion: number;
  arrived: number;
  arrivedPeople: readonly string[];
  /** When the server received it (ISO instant) and which admin sent it (e-mail). */
  at: string;
  by: string;
}

/**
 * Applied: the state is stored with the next version. Repeated: this key was applied before,
 * nothing changed. Conflict: the stored version is not the one the officer saw, nothing changed.
 * Each answer carries the booking's attendance as it now stands.
 */
export interface AttendanceOutcome {
  result: 'applied' | 'repeated' | 'conflict';
  attendance: Attendance;
}

/** One afloat/ashore mark to apply: the device's key, the named attendee, and the entry to take in. */
export interface AfloatChange {
  key: string;
  bookingId: string;
  eventId: string;
  personId: string;
  entry: AfloatEntry;
}

/** Applied (taken in, or older than the entry it met and so kept out, its key recorded either way) or repeated. */
export interface AfloatOutcome {
  result: 'applied' | 'repeated';
  attendance: Attendance;
}

/** The bookings' attendance records (check-in, docs/officer-of-the-day.md) and the keys of the marks applied. */
export interface AttendanceStore {
  /** The booking's attendance, or null when it was never checked in. */
  get(bookingId: string): Promise<Attendance | null>;
  /** The attendance of each of these bookings that has one, by booking id (the others absent). */
  getMany(bookingIds: readonly string[]): Promise<Map<string, Attendance>>;
  /**
   * Applies a mark exactly once, atomically with the record of its key: a key applied before
   * answers 'repeated' and changes nothing (also when sent twice at once: one applies, the other
   * repeats); a stored version other than `expectedVersion` (0: never checked in) answers
   * 'conflict' and changes nothing, without recording the key; otherwise the record is stored with
   * version `expectedVersion + 1` and the key recorded. The caller has checked the rule.
   */
  apply(change: AttendanceChange): Promise<AttendanceOutcome>;
  /**
   * Applies an afloat/ashore mark exactly once, atomically with the record of its key, in the same
   * key space as `apply`: a key applied before answers 'repeated' and changes nothing (also when
   * sent twice at once); otherwise the booking's record (version 0 with nobody arrived when it has
   * none) takes the entry as `withAfloatMark` does (a later entry already there wins), keeping its
   * version, and the key is recorded. Never a conflict. The caller has checked the rule.
   */
  applyAfloat(change: AfloatChange): Promise<AfloatOutcome>;
  /** How many mark keys were applied for this booking (what the check-in's tests count). */
  countAppliedMarks(bookingId: string): Promise<number>;
  /**
   * Stores these records as they are, their versions too, each replacing its booking's:
   * migrate-storage's copy from another storage (the app's own changes go through `apply`).
   * Throws ValidationError, storing none, when one is not a valid attendance record. Records no
   * mark key: a mark sent again after the copy is answered by its version (a conflict), never
   * applied twice.
   */
  restore(records: readonly Attendance[]): Promise<void>;
}
