import { NotFoundError } from '../shared/errors';
import type { DutyRepository } from './duty-repository.port';
import type { DutyAssignment } from './duties';
import { UseCase } from '../shared/use-case';

/** A member takes themself off a duty they hold (swaps and cover come with member sign-in). */
export class WithdrawFromDuty extends UseCase<{ duties: DutyRepository }> {
  async execute(memberId: string, slotId: string): Promise<DutyAssignment> {
    const removed = await this.deps.duties.unassign(slotId, memberId);
    if (!removed) throw new NotFoundError('You do not hold this duty');
    return removed;
  }
}
