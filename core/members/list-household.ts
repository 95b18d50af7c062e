import type { HouseholdPerson } from './household';
import type { HouseholdRepository } from './household-repository.port';
import type { Member } from './member';
import { UseCase } from '../shared/use-case';
import { dependantsOf } from './household-members';

export interface ListHouseholdDeps {
  households: HouseholdRepository;
}

/** The dependants of the signed-in member's household (every member of it sees them), in the order they were added. */
export class ListHousehold extends UseCase<ListHouseholdDeps> {
  async execute(member: Pick<Member, 'id'>): Promise<HouseholdPerson[]> {
    return dependantsOf(this.deps, member.id);
  }
}
