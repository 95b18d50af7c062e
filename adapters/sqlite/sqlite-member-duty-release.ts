import { DutyAssignmentSchema } from '../../core/duty-rosters/duty-roster';
import { dutiesReleasedOnLeaving } from '../../core/duties/member-duty-release';
import { type MemberDutyRelease } from '../../core/duty-rosters/duty-roster';
import { ConflictError } from '../../core/shared/errors';
import { isUniqueViolation } from './sqlite-errors';
import { insertIntoOutbox } from './sqlite-outbox';
import type { PreparedWrites } from './sqlite-write-transaction';

/**
 * A leaving member's duties (MemberRepository.update's `also.releaseDuties`) in the member's write
 * transaction: the core's rule picks, from the duties as stored, those to release; their rows go
 * and the e-mails about them are added to the outbox (ConflictError for an id already there).
 */
export function releaseMemberDuties(writes: PreparedWrites, memberId: string, release: MemberDutyRelease): void {
  const rows = writes
    .statement('SELECT slotId, memberId, eventId, start, "end", assignedAt, overrideReason FROM duty_assignments WHERE memberId = ? ORDER BY startMs, slotId')
    .all(memberId) as Record<string, unknown>[];
  const duties = rows.map(({ start, end, ...row }) => DutyAssignmentSchema.parse({ ...row, window: { start, end } }));
  const released = dutiesReleasedOnLeaving(duties, release.from);
  for (const duty of released) writes.statement('DELETE FROM duty_assignments WHERE slotId = ? AND memberId = ?').run(duty.slotId, memberId);
  try {
    insertIntoOutbox(writes, release.mail(released));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('An outbox message with this id already exists');
    throw error;
  }
}
