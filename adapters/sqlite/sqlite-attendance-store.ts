import type { Knex } from 'knex';
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
import { writeTransaction } from './sqlite-write-transaction';
import { readInChunks } from './sqlite-in-chunks';

/** Attendance in the `attendance` and `attendance_marks` tables (migration 0038); walk-ins in `walk_ins` (migration 0046). */
export class SqliteAttendanceStore implements AttendanceStore {
  constructor(private readonly db: Knex) {}

  async get(bookingId: string): Promise<Attendance | null> {
    if (typeof bookingId !== 'string') return null;
    const row: { value: string } | undefined = await this.db('attendance').select('value').where({ bookingId }).first();
    return row ? attendanceFromJson(row.value) : null;
  }

  async getMany(bookingIds: readonly string[]): Promise<Map<string, Attendance>> {
    const rows = await readInChunks(bookingIds, (ids): Promise<{ value: string }[]> => this.db('attendance').select('value').whereIn('bookingId', ids));
    const found = new Map<string, Attendance>();
    for (const row of rows) {
      const record = attendanceFromJson(row.value);
      found.set(record.bookingId, record);
    }
    return found;
  }

  async apply(change: AttendanceChange): Promise<AttendanceOutcome> {
    return this.applyMark(change, change.at, decideMark);
  }

  async applyAfloat(change: AfloatChange): Promise<AfloatOutcome> {
    return this.applyMark(change, change.entry.at, decideAfloat);
  }

  /**
   * A booking's mark as the core's rule decides it. The write lock is held from the first
   * statement: the key and the version read here are what the write is checked against, so two
   * sends of one key never both apply.
   */
  private applyMark<C extends { key: string; bookingId: string }, O extends { result: string; attendance: Attendance }>(
    change: C,
    appliedAt: string,
    decide: (change: C, keyApplied: boolean, stored: Attendance | null) => O,
  ): Promise<O> {
    return writeTransaction(this.db, async (trx) => {
      const applied = await trx('attendance_marks').select('key').where({ key: change.key }).first();
      const row: { value: string } | undefined = await trx('attendance').select('value').where({ bookingId: change.bookingId }).first();
      const outcome = decide(change, applied !== undefined, row ? attendanceFromJson(row.value) : null);
      if (outcome.result === 'applied') {
        await putRecord(trx, outcome.attendance);
        await trx('attendance_marks').insert({ key: change.key, bookingId: change.bookingId, appliedAt });
      }
      return outcome;
    });
  }

  async addWalkIn(walkIn: WalkIn): Promise<WalkInOutcome> {
    return writeTransaction(this.db, async (trx) => {
      const outcome = decideAddWalkIn(walkIn, await storedWalkIn(trx, walkIn.id));
      if (outcome.result === 'applied' && outcome.walkIn) {
        await trx('walk_ins').insert({
          id: walkIn.id,
          eventId: walkIn.eventId,
          addedAt: walkIn.addedAt,
          value: JSON.stringify(outcome.walkIn),
          removedAt: null,
        });
      }
      return outcome;
    });
  }

  async removeWalkIn(walkInId: string, at: string): Promise<WalkInOutcome> {
    return writeTransaction(this.db, async (trx) => {
      const outcome = decideRemoveWalkIn(await storedWalkIn(trx, walkInId));
      // The details go at once; the id stays so the adding, sent again, is known.
      if (outcome.result === 'applied') await trx('walk_ins').where({ id: walkInId }).update({ value: null, removedAt: at });
      return outcome;
    });
  }

  async applyWalkInAfloat(change: WalkInAfloatChange): Promise<WalkInOutcome> {
    return writeTransaction(this.db, async (trx) => {
      const applied = await trx('attendance_marks').select('key').where({ key: change.key }).first();
      const outcome = decideWalkInAfloat(change, applied !== undefined, await storedWalkIn(trx, change.walkInId));
      if (outcome.result === 'applied' && outcome.walkIn) {
        await trx('walk_ins')
          .where({ id: change.walkInId })
          .update({ value: JSON.stringify(outcome.walkIn) });
        await trx('attendance_marks').insert({ key: change.key, bookingId: change.walkInId, appliedAt: change.entry.at });
      }
      return outcome;
    });
  }

  async listWalkIns(eventIds: readonly string[]): Promise<WalkIn[]> {
    const rows = await readInChunks(eventIds, (ids): Promise<{ value: string }[]> =>
      this.db('walk_ins').select('value').whereIn('eventId', ids).whereNotNull('value'),
    );
    return rows.map((row) => walkInFromJson(row.value)).sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id));
  }

  async countAppliedMarks(bookingId: string): Promise<number> {
    const row = await this.db('attendance_marks').where({ bookingId }).count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async restore(records: readonly Attendance[]): Promise<void> {
    const valid = records.map(validAttendance);
    await writeTransaction(this.db, async (trx) => {
      for (const record of valid) await putRecord(trx, record);
    });
  }
}

/** Stores the booking's attendance record, replacing the one it had. */
async function putRecord(trx: Knex.Transaction, record: Attendance): Promise<void> {
  await trx('attendance')
    .insert({ bookingId: record.bookingId, eventId: record.eventId, version: record.version, value: JSON.stringify(record) })
    .onConflict('bookingId')
    .merge();
}

/** The walk-in with this id as stored: on the sheet, removed, or never added (null). */
async function storedWalkIn(trx: Knex.Transaction, id: string): Promise<StoredWalkIn> {
  if (typeof id !== 'string') return null;
  const row: { value: string | null } | undefined = await trx('walk_ins').select('value').where({ id }).first();
  if (!row) return null;
  return row.value === null ? { removed: true } : { removed: false, walkIn: walkInFromJson(row.value) };
}
