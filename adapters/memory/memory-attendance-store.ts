import type { Attendance } from '../../core/check-in/attendance';
import type { AfloatChange, AfloatOutcome, AttendanceChange, AttendanceOutcome, AttendanceStore } from '../../core/check-in/attendance-store.port';
import { decideAfloat, decideMark, validAttendance } from '../attendance-records';

/** Attendance in memory (tests, and the contract's reference). */
export class MemoryAttendanceStore implements AttendanceStore {
  private readonly records = new Map<string, Attendance>();
  private readonly marks = new Map<string, string>();

  async get(bookingId: string): Promise<Attendance | null> {
    const record = this.records.get(bookingId);
    return record ? structuredClone(record) : null;
  }

  async getMany(bookingIds: readonly string[]): Promise<Map<string, Attendance>> {
    const found = new Map<string, Attendance>();
    for (const id of bookingIds) {
      const record = this.records.get(id);
      if (record) found.set(id, structuredClone(record));
    }
    return found;
  }

  async apply(change: AttendanceChange): Promise<AttendanceOutcome> {
    const outcome = decideMark(change, this.marks.has(change.key), this.records.get(change.bookingId) ?? null);
    if (outcome.result === 'applied') {
      this.records.set(change.bookingId, structuredClone(outcome.attendance));
      this.marks.set(change.key, change.bookingId);
    }
    return structuredClone(outcome);
  }

  async applyAfloat(change: AfloatChange): Promise<AfloatOutcome> {
    const outcome = decideAfloat(change, this.marks.has(change.key), this.records.get(change.bookingId) ?? null);
    if (outcome.result === 'applied') {
      this.records.set(change.bookingId, structuredClone(outcome.attendance));
      this.marks.set(change.key, change.bookingId);
    }
    return structuredClone(outcome);
  }

  async countAppliedMarks(bookingId: string): Promise<number> {
    return [...this.marks.values()].filter((id) => id === bookingId).length;
  }

  async restore(records: readonly Attendance[]): Promise<void> {
    const valid = records.map(validAttendance);
    for (const record of valid) this.records.set(record.bookingId, structuredClone(record));
  }
}
