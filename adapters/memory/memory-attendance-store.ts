import type { Attendance } from '../../core/check-in/attendance';
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
import { copiesOf, copyOrNull } from './memory-records';
import { decideAddWalkIn, decideAfloat, decideMark, decideRemoveWalkIn, decideWalkInAfloat, validAttendance, type StoredWalkIn } from '../attendance-records';

/** Attendance in memory (tests, and the contract's reference). */
export class MemoryAttendanceStore implements AttendanceStore {
  private readonly records = new Map<string, Attendance>();
  private readonly marks = new Map<string, string>();
  /** Walk-ins by id, in the order added: a removed one keeps only its event (its details erased). */
  private readonly walkIns = new Map<string, { eventId: string; walkIn: WalkIn | null }>();

  private storedWalkIn(id: string): StoredWalkIn {
    const row = this.walkIns.get(id);
    if (!row) return null;
    return row.walkIn ? { removed: false, walkIn: structuredClone(row.walkIn) } : { removed: true };
  }

  async addWalkIn(walkIn: WalkIn): Promise<WalkInOutcome> {
    const outcome = decideAddWalkIn(walkIn, this.storedWalkIn(walkIn.id));
    if (outcome.result === 'applied' && outcome.walkIn) this.walkIns.set(walkIn.id, { eventId: walkIn.eventId, walkIn: structuredClone(outcome.walkIn) });
    return structuredClone(outcome);
  }

  async removeWalkIn(walkInId: string): Promise<WalkInOutcome> {
    const outcome = decideRemoveWalkIn(this.storedWalkIn(walkInId));
    const row = this.walkIns.get(walkInId);
    if (outcome.result === 'applied' && row) row.walkIn = null;
    return outcome;
  }

  async applyWalkInAfloat(change: WalkInAfloatChange): Promise<WalkInOutcome> {
    const outcome = decideWalkInAfloat(change, this.marks.has(change.key), this.storedWalkIn(change.walkInId));
    const row = this.walkIns.get(change.walkInId);
    if (outcome.result === 'applied' && outcome.walkIn && row) {
      row.walkIn = structuredClone(outcome.walkIn);
      this.marks.set(change.key, change.walkInId);
    }
    return structuredClone(outcome);
  }

  async listWalkIns(eventIds: readonly string[]): Promise<WalkIn[]> {
    const events = new Set(eventIds);
    return [...this.walkIns.values()].flatMap((row) => (row.walkIn && events.has(row.eventId) ? [structuredClone(row.walkIn)] : []));
  }

  /** The events of the walk-ins still holding their details, one per walk-in (memory retention store). */
  walkInEvents(): string[] {
    return [...this.walkIns.values()].flatMap((row) => (row.walkIn ? [row.eventId] : []));
  }

  /** The retention run: the details of the walk-ins of these events are erased, their ids kept (memory retention store). */
  deleteWalkInsOf(eventIds: ReadonlySet<string>, limit: number): number {
    const due = [...this.walkIns.entries()].filter(([, row]) => row.walkIn && eventIds.has(row.eventId)).slice(0, limit);
    for (const [id, row] of due) this.walkIns.set(id, { eventId: row.eventId, walkIn: null });
    return due.length;
  }

  async get(bookingId: string): Promise<Attendance | null> {
    return copyOrNull(this.records.get(bookingId));
  }

  async getMany(bookingIds: readonly string[]): Promise<Map<string, Attendance>> {
    return copiesOf(this.records, bookingIds);
  }

  async apply(change: AttendanceChange): Promise<AttendanceOutcome> {
    return this.applyMark(change, decideMark);
  }

  async applyAfloat(change: AfloatChange): Promise<AfloatOutcome> {
    return this.applyMark(change, decideAfloat);
  }

  async countAppliedMarks(bookingId: string): Promise<number> {
    return [...this.marks.values()].filter((id) => id === bookingId).length;
  }

  /** A booking's mark as the core's rule decides it: stored, with its key, when it applies. */
  private applyMark<C extends { key: string; bookingId: string }, O extends { result: string; attendance: Attendance }>(
    change: C,
    decide: (change: C, repeated: boolean, stored: Attendance | null) => O,
  ): O {
    const outcome = decide(change, this.marks.has(change.key), this.records.get(change.bookingId) ?? null);
    if (outcome.result === 'applied') {
      this.records.set(change.bookingId, structuredClone(outcome.attendance));
      this.marks.set(change.key, change.bookingId);
    }
    return structuredClone(outcome);
  }

  async restore(records: readonly Attendance[]): Promise<void> {
    const valid = records.map(validAttendance);
    for (const record of valid) this.records.set(record.bookingId, structuredClone(record));
  }
}
