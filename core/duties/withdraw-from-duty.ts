import type { Clock } from '../shared/clock.port';
import { ConflictError, NotFoundError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import type { DutyRepository } from './duty-repository.port';
import { DUTY_MESSAGES } from './duties';
import { type DutyAssignment } from '../duty-rosters/duty-roster';

/** The signed-in member takes themself off a duty they hold, until it starts (then the officer does). */
export class WithdrawFromDuty extends UseCase<{ duties: DutyRepository; clock: Clock }> {
  async execute(memberId: string, slotId: string): Promise<DutyAssignment> {
    const held = (await this.deps.duties.listMemberDuties(memberId)).find((duty) => duty.slotId === slotId);
    if (!held) throw new NotFoundError(DUTY_MESSAGES.notHolding);
    if (Date.parse(held.window.start) <= this.deps.clock.now().getTime()) throw new ConflictError(DUTY_MESSAGES.started);
    const removed = await this.deps.duties.unassign(slotId, memberId);
    if (!removed) throw new NotFoundError(DUTY_MESSAGES.notHolding);
    return removed;
  }
}
