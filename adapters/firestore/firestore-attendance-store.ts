import type { Attendance } from '../../core/check-in/attendance';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type {
  AfloatChange,
  AfloatOutcome,
  AttendanceChange,
  AttendanceOutcome,
  AttendanceStore,
  WalkInAfloatChange,
  WalkInOutcome,
} from '../../core/check-in/attendance-store.port';
import type { WalkIn } from '../../core/check-in/walk-in';
import { ValidationError } from '../../core/shared/errors';
import {
  attendanceFromJson,
  decideAddWalkIn,
  decideAfloat,
  decideMark,
  decideRemoveWalkIn,
  decideWalkInAfloat,
  validAttendance,
  walkInFromJson,
  type StoredWalkIn,
} from '../attendance-records';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { transactionInTurn } from './firestore-turns';
import { getExisting } from './firestore-get-many';

/** Firestore's `in` filter takes at most 30 values. */
const IN_CHUNK = 30;
/** Records restored per commit (a commit takes at most 500 writes). */
const RESTORE_PER_COMMIT = 400;

/** Only an id a booking or key could have may name a document (no slash, not empty, not too long). */
function validDocId(id: unknown): id is string {
  return typeof id === 'string' && /^[^/]{1,200}$/.test(id) && id !== '.' && id !== '..';
}

/**
 * Attendance in the `attendance` collection (one document per booking: its record as JSON under
 * `value`) and `attendanceMarks` (one document per mark key applied, with its booking), both
 * written in one transaction that first reads the key and the record. Walk-ins in `walkIns` (one
 * document per walk-in id: its event, when added, and the walk-in as JSON under `value`, null once
 * removed).
 */
export class FirestoreAttendanceStore extends FirestoreCollectionAdapter implements AttendanceStore {
  protected readonly collectionName = 'attendance';

  private get marks() {
    return collectionOf(this.db, 'attendanceMarks', this.options);
  }

  private get walkIns() {
    return collectionOf(this.db, 'walkIns', this.options);
  }

  async get(bookingId: string): Promise<Attendance | null> {
    if (!validDocId(bookingId)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(bookingId).get());
    return snapshot.exists ? attendanceFromJson(String(snapshot.get('value'))) : null;
  }

  async getMany(bookingIds: readonly string[]): Promise<Map<string, Attendance>> {
    const found = new Map<string, Attendance>();
    const refs = [...new Set(bookingIds)].filter(validDocId).map((id) => this.collection.doc(id));
    for (const snapshot of await getExisting(this.db, refs)) {
      const record = attendanceFromJson(String(snapshot.get('value')));
      found.set(record.bookingId, record);
    }
    return found;
  }

  async apply(change: AttendanceChange): Promise<AttendanceOutcome> {
    if (!validDocId(change.bookingId) || !validDocId(change.key)) throw new ValidationError('Not a valid attendance mark');
    return this.applyMark(change.key, change.bookingId, change.at, (keyApplied, stored) => decideMark(change, keyApplied, stored));
  }

  async applyAfloat(change: AfloatChange): Promise<AfloatOutcome> {
    if (!validDocId(change.bookingId) || !validDocId(change.key)) throw new ValidationError('Not a valid afloat mark');
    return this.applyMark(change.key, change.bookingId, change.entry.at, (keyApplied, stored) => decideAfloat(change, keyApplied, stored));
  }

  /**
   * One mark in one transaction: the booking's record and the mark's key read together, the
   * core's decision, and when applied the record written with the key (so a key sent again is
   * applied once).
   */
  private applyMark<O extends { result: string; attendance: Attendance }>(
    markKey: string,
    bookingId: string,
    appliedAt: string,
    decide: (keyApplied: boolean, stored: Attendance | null) => O,
  ): Promise<O> {
    const recordRef = this.collection.doc(bookingId);
    const keyRef = this.marks.doc(markKey);
    return transactionInTurn(this.db, `attendance-${bookingId}`, async (tx) => {
      const [key, record] = await tx.getAll(keyRef, recordRef);
      const stored = record?.exists ? attendanceFromJson(String(record.get('value'))) : null;
      const outcome = decide(Boolean(key?.exists), stored);
      if (outcome.result === 'applied') {
        tx.set(recordRef, recordDocument(outcome.attendance));
        tx.create(keyRef, { bookingId, appliedAt });
      }
      return outcome;
    });
  }

  async addWalkIn(walkIn: WalkIn): Promise<WalkInOutcome> {
    if (!validDocId(walkIn.id)) throw new ValidationError('Not a valid walk-in');
    const ref = this.walkIns.doc(walkIn.id);
    return transactionInTurn(this.db, `walk-in-${walkIn.id}`, async (tx) => {
      const outcome = decideAddWalkIn(walkIn, storedWalkIn(await tx.get(ref)));
      if (outcome.result === 'applied' && outcome.walkIn)
        tx.create(ref, { eventId: walkIn.eventId, addedAt: walkIn.addedAt, value: JSON.stringify(outcome.walkIn), removedAt: null });
      return outcome;
    });
  }

  async removeWalkIn(walkInId: string, at: string): Promise<WalkInOutcome> {
    if (!validDocId(walkInId)) return { result: 'missing', walkIn: null };
    const ref = this.walkIns.doc(walkInId);
    return transactionInTurn(this.db, `walk-in-${walkInId}`, async (tx) => {
      const outcome = decideRemoveWalkIn(storedWalkIn(await tx.get(ref)));
      // The details go at once; the id stays so the adding, sent again, is known.
      if (outcome.result === 'applied') tx.update(ref, { value: null, removedAt: at });
      return outcome;
    });
  }

  async applyWalkInAfloat(change: WalkInAfloatChange): Promise<WalkInOutcome> {
    if (!validDocId(change.key)) throw new ValidationError('Not a valid afloat mark');
    if (!validDocId(change.walkInId)) return { result: 'missing', walkIn: null };
    const ref = this.walkIns.doc(change.walkInId);
    const keyRef = this.marks.doc(change.key);
    return transactionInTurn(this.db, `walk-in-${change.walkInId}`, async (tx) => {
      const [key, walkIn] = await tx.getAll(keyRef, ref);
      const outcome = decideWalkInAfloat(change, Boolean(key?.exists), walkIn ? storedWalkIn(walkIn) : null);
      if (outcome.result === 'applied' && outcome.walkIn) {
        tx.update(ref, { value: JSON.stringify(outcome.walkIn) });
        tx.create(keyRef, { bookingId: change.walkInId, appliedAt: change.entry.at });
      }
      return outcome;
    });
  }

  async listWalkIns(eventIds: readonly string[]): Promise<WalkIn[]> {
    const ids = [...new Set(eventIds)].filter(validDocId);
    const found: WalkIn[] = [];
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      const snapshot = await withCoreErrors(() => this.walkIns.where('eventId', 'in', ids.slice(i, i + IN_CHUNK)).get());
      for (const doc of snapshot.docs) {
        const value: unknown = doc.get('value');
        if (typeof value === 'string') found.push(walkInFromJson(value));
      }
    }
    return found.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id));
  }

  async countAppliedMarks(bookingId: string): Promise<number> {
    if (!validDocId(bookingId)) return 0;
    const counted = await withCoreErrors(() => this.marks.where('bookingId', '==', bookingId).count().get());
    return counted.data().count;
  }

  async restore(records: readonly Attendance[]): Promise<void> {
    const valid = records.map(validAttendance);
    if (valid.some((record) => !validDocId(record.bookingId))) throw new ValidationError('Not a valid attendance record');
    for (let i = 0; i < valid.length; i += RESTORE_PER_COMMIT) {
      const batch = this.db.batch();
      for (const record of valid.slice(i, i + RESTORE_PER_COMMIT)) {
        batch.set(this.collection.doc(record.bookingId), recordDocument(record));
      }
      await withCoreErrors(() => batch.commit());
    }
  }
}

/** A booking's attendance document: its event and version beside the record as JSON text. */
function recordDocument(record: Attendance): { eventId: string; version: number; value: string } {
  return { eventId: record.eventId, version: record.version, value: JSON.stringify(record) };
}

/** A walk-in document read back: on the sheet, removed (no value), or never added (null). */
function storedWalkIn(doc: DocumentSnapshot): StoredWalkIn {
  if (!doc.exists) return null;
  const value: unknown = doc.get('value');
  return typeof value === 'string' ? { removed: false, walkIn: walkInFromJson(value) } : { removed: true };
}
