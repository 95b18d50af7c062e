import type { HouseholdPerson } from './household';

/**
 * The people each member books for (issue 35): their household's dependants, without e-mails of
 * their own. A person belongs to exactly one member, who pays for them; every method that names a
 * person names the member too, and never touches another member's people.
 */
export interface HouseholdRepository {
  /** The member's people in the order they were added (createdAt, then id); empty when none. */
  listForMember(memberId: string): Promise<HouseholdPerson[]>;
  /**
   * Adds the person to their member's household unless it already holds `max` people, in one
   * atomic step: of several adds at once, never more than `max` are kept. Answers whether it was
   * added. Throws ConflictError if the member's household already holds a person with this id
   * (ids come from the IdGenerator, so a clash is a programming error), and a ValidationError for
   * a person that is not a valid HouseholdPerson; nothing is stored then.
   */
  add(person: HouseholdPerson, max: number): Promise<{ added: boolean }>;
  /**
   * Sets the name, kind, year of birth and updatedAt of the member's person `person.id`, keeping
   * its createdAt. Throws NotFoundError if the member has no such person (another member's
   * person included), and changes nothing then.
   */
  update(person: HouseholdPerson): Promise<void>;
  /** Removes the member's person; answers whether there was one (another member's person is not removed). */
  remove(memberId: string, personId: string): Promise<boolean>;
}
