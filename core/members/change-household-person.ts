import { HOUSEHOLD_MESSAGES, HouseholdPersonFormSchema, validateHouseholdPerson, type HouseholdPerson } from './household';
import type { HouseholdRepository } from './household-repository.port';
import type { Member } from './member';
import type { Clock } from '../shared/clock.port';
import { NotFoundError } from '../shared/errors';
import { londonDate } from '../shared/london-time';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { managedHousehold } from './household-members';

export interface ChangeHouseholdPersonDeps {
  households: HouseholdRepository;
  clock: Clock;
}

/**
 * Renames a person of the signed-in member's household (and sets their kind and year of birth),
 * with the same checks as adding them. Another member's person, or one removed, is 404.
 */
export class ChangeHouseholdPerson extends UseCase<ChangeHouseholdPersonDeps> {
  async execute(member: Pick<Member, 'id'>, personId: string, form: unknown): Promise<HouseholdPerson> {
    const now = this.deps.clock.now();
    const valid = acceptedForm(validateHouseholdPerson(parseInput(HouseholdPersonFormSchema, form), Number(londonDate(now).slice(0, 4))));
    const householdId = await managedHousehold(this.deps, member.id, HOUSEHOLD_MESSAGES.notFound);
    const current = (await this.deps.households.listForMember(householdId)).find((person) => person.id === personId);
    if (!current) throw new NotFoundError(HOUSEHOLD_MESSAGES.notFound);
    const changed: HouseholdPerson = { ...current, ...valid, updatedAt: now.toISOString() };
    await this.deps.households.update(changed);
    return changed;
  }
}
