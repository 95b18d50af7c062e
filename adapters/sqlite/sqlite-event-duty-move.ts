import { dutyMoveRefusal, isReleased } from '../../core/duties/event-move-duties';
import { type DutyMove } from '../../core/duty-rosters/duty-roster';
import { ConflictError } from '../../core/shared/errors';
import type { DutyWindow } from '../../core/duty-rosters/duty-roster';
import type { PreparedWrites } from './sqlite-write-transaction';

/**
 * A moved event's duties (EventRepository.update's `also.duties`) in the event's write transaction:
 * the core's rule checks the move against the holders and their duties as stored (ConflictError
 * when refused); the released rows are deleted and the others take the new window.
 */
export function moveEventDuties(writes: PreparedWrites, move: DutyMove): void {
  const current = writes.statement('SELECT slotId, memberId FROM duty_assignments WHERE eventId = ?').all(move.eventId) as {
    slotId: string;
    memberId: string;
  }[];
  const dutiesOf = (memberId: string) =>
    (
      writes.statement('SELECT eventId, start, end FROM duty_assignments WHERE memberId = ?').all(memberId) as { eventId: string; start: string; end: string }[]
    ).map((row) => ({ eventId: row.eventId, window: { start: row.start, end: row.end } satisfies DutyWindow }));
  const refusal = dutyMoveRefusal(move, current, dutiesOf);
  if (refusal) throw new ConflictError(refusal);
  for (const holder of current.filter((h) => isReleased(move, h))) {
    writes.statement('DELETE FROM duty_assignments WHERE slotId = ? AND memberId = ?').run(holder.slotId, holder.memberId);
  }
  writes
    .statement('UPDATE duty_assignments SET start = ?, "end" = ?, startMs = ?, endMs = ? WHERE eventId = ?')
    .run(move.window.start, move.window.end, Date.parse(move.window.start), Date.parse(move.window.end), move.eventId);
}
