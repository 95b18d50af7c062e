import { HOUSEHOLD_MESSAGES, HouseholdPersonFormSchema, MAX_HOUSEHOLD_PEOPLE, validateHouseholdPerson, type HouseholdPerson } from './household';
import type { HouseholdRepository } from './household-repository.port';
import type { Member } from './member';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { ConflictError } from '../shared/errors';
import { londonDate } from '../shared/london-time';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { householdForChange } from './household-members';

export interface AddHouseholdPersonDeps {
  households: HouseholdRepository;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Adds a person the signed-in member books for to their household: a name (1 to 100 characters),
 * adult or junior, and an optional year of birth. A household full (MAX_HOUSEHOLD_PEOPLE) is
 * refused with 409, and bad input with the field's message; either way nothing is stored.
 */
export class AddHouseholdPerson extends UseCase<AddHouseholdPersonDeps> {
  async execute(member: Pick<Member, 'id'>, form: unknown): Promise<HouseholdPerson> {
    const now = this.deps.clock.now();
    const valid = acceptedForm(validateHouseholdPerson(parseInput(HouseholdPersonFormSchema, form), Number(londonDate(now).slice(0, 4))));
    const at = now.toISOString();
    // The contact's household (a member in none starts one): its dependants are keyed by its id.
    const householdId = await householdForChange(this.deps, member.id, 'manage-dependants');
    const person: HouseholdPerson = { id: this.deps.ids.next(), memberId: householdId, ...valid, createdAt: at, updatedAt: at };
    const { added } = await this.deps.households.add(person, MAX_HOUSEHOLD_PEOPLE);
    if (!added) throw new ConflictError(HOUSEHOLD_MESSAGES.full);
    return person;
  }
}
