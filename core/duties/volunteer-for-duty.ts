import { ConflictError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import { DUTY_MESSAGES } from './duties';
import { type DutyAssignment } from '../duty-rosters/duty-roster';
import { assignmentOf, memberIneligibility, requireMember, slotContext, type DutyAssignmentDeps } from './duty-assignment';

/**
 * The signed-in member volunteers for an open slot of an event still to start (not cancelled):
 * only when eligible on the event's date; the storage then refuses a full slot or a second duty
 * at the same time, atomically.
 */
export class VolunteerForDuty extends UseCase<DutyAssignmentDeps> {
  async execute(memberId: string, slotId: string): Promise<DutyAssignment> {
    const member = await requireMember(this.deps, memberId);
    const context = await slotContext(this.deps, slotId);
    if (context.event.cancelledAt !== null) throw new ConflictError(DUTY_MESSAGES.cancelled);
    if (Date.parse(context.window.start) <= this.deps.clock.now().getTime()) throw new ConflictError(DUTY_MESSAGES.started);
    const reason = await memberIneligibility(this.deps, context, member);
    if (reason !== null) throw new ConflictError(`${DUTY_MESSAGES.notEligible}: ${reason}`);
    const assignment = assignmentOf(this.deps, context, member.id, null);
    await this.deps.duties.assign(assignment);
    return assignment;
  }
}
