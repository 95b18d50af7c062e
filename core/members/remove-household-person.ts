import { HOUSEHOLD_MESSAGES } from './household';
import type { HouseholdRepository } from './household-repository.port';
import type { Member } from './member';
import { NotFoundError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import { managedHousehold } from './household-members';

export interface RemoveHouseholdPersonDeps {
  households: HouseholdRepository;
}

/**
 * Takes a person off the signed-in member's household. Their past bookings keep the names they
 * were made with. Another member's person, or one already removed, is 404.
 */
export class RemoveHouseholdPerson extends UseCase<RemoveHouseholdPersonDeps> {
  async execute(member: Pick<Member, 'id'>, personId: string): Promise<void> {
    const householdId = await managedHousehold(this.deps, member.id, HOUSEHOLD_MESSAGES.notFound);
    if (!(await this.deps.households.remove(householdId, personId))) throw new NotFoundError(HOUSEHOLD_MESSAGES.notFound);
  }
}
