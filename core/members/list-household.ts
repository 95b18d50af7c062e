import type { HouseholdPerson } from './household';
import type { HouseholdRepository } from './household-repository.port';
import type { Member } from './member';
import { UseCase } from '../shared/use-case';

export interface ListHouseholdDeps {
  households: HouseholdRepository;
}

/** The people of the signed-in member's household, in the order they were added. */
export class ListHousehold extends UseCase<ListHouseholdDeps> {
  async execute(member: Pick<Member, 'id'>): Promise<HouseholdPerson[]> {
    return this.deps.households.listForMember(member.id);
  }
}
