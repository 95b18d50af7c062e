import type { AfloatEntry, Attendance } from './attendance';
import type { WalkIn } from './walk-in';

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

/**
 * What a walk-in change did. Applied: stored. Repeated: this id (adding) or key (afloat) was
 * applied before, or the walk-in was removed before (removing): nothing changed. Missing: no
 * walk-in has this id (never added, or removed), nothing changed. `walkIn` is the walk-in as it
 * now stands (null when it is not on the sheet); a removal that applied answers the one removed.
 */
export interface WalkInOutcome {
  result: 'applied' | 'repeated' | 'missing';
  walkIn: WalkIn | null;
}

/** An afloat/ashore mark for a walk-in: the device's key, the walk-in, and the entry to take in. */
export interface WalkInAfloatChange {
  key: string;
  walkInId: string;
  entry: AfloatEntry;
}

/** The bookings' attendance records (check-in, docs/officer-of-the-day.md) and the keys of the marks applied; the officer's walk-ins. */
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
  /**
   * Adds a walk-in to its event's sheet exactly once, by its id (made on the officer's device):
   * an id added before answers 'repeated' and changes nothing, also when that walk-in was removed
   * since (a late resend never brings it back) and when sent twice at once (one applies). The
   * caller has checked the event and the details.
   */
  addWalkIn(walkIn: WalkIn): Promise<WalkInOutcome>;
  /**
   * Removes a walk-in (added by mistake) exactly once: 'applied' the first time, answering the
   * walk-in removed, with its details erased from the store at once (only its id, event and the
   * time of removal are kept, so a resend of its adding stays 'repeated'); 'repeated' afterwards;
   * 'missing' for an id never added. Atomic: two removals at once apply once.
   */
  removeWalkIn(walkInId: string, at: string, by: string): Promise<WalkInOutcome>;
  /**
   * Applies an afloat/ashore mark to a walk-in exactly once, atomically with the record of its
   * key, in the same key space as `apply` and `applyAfloat`: a key applied before answers
   * 'repeated' and changes nothing; a walk-in not on the sheet answers 'missing' without recording
   * the key; otherwise the walk-in takes the entry as `withWalkInAfloat` does (a later entry
   * already there wins) and the key is recorded.
   */
  applyWalkInAfloat(change: WalkInAfloatChange): Promise<WalkInOutcome>;
  /** The walk-ins on the sheets of these events (removed ones not), in the order they were added. */
  listWalkIns(eventIds: readonly string[]): Promise<WalkIn[]>;
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
