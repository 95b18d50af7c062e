import type { HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { byHouseholdOrder, validHouseholdPerson } from '../stored-records';

/** The members' household people in memory, by id (tests, and the contract's reference). */
export class MemoryHouseholdRepository implements HouseholdRepository {
  private readonly people = new Map<string, HouseholdPerson>();

  async listForMember(memberId: string): Promise<HouseholdPerson[]> {
    return [...this.people.values()]
      .filter((person) => person.memberId === memberId)
      .sort(byHouseholdOrder)
      .map((person) => ({ ...person }));
  }

  async add(person: HouseholdPerson, max: number): Promise<{ added: boolean }> {
    const valid = validHouseholdPerson(person);
    if (this.people.has(valid.id)) throw new ConflictError('A household person with this id already exists');
    const count = [...this.people.values()].filter((p) => p.memberId === valid.memberId).length;
    if (count >= max) return { added: false };
    this.people.set(valid.id, { ...valid });
    return { added: true };
  }

  async update(person: HouseholdPerson): Promise<void> {
    const valid = validHouseholdPerson(person);
    const stored = this.people.get(valid.id);
    if (!stored || stored.memberId !== valid.memberId) throw new NotFoundError('Household person not found');
    this.people.set(valid.id, { ...stored, name: valid.name, kind: valid.kind, yearOfBirth: valid.yearOfBirth, updatedAt: valid.updatedAt });
  }

  async remove(memberId: string, personId: string): Promise<boolean> {
    const stored = this.people.get(personId);
    if (!stored || stored.memberId !== memberId) return false;
    return this.people.delete(personId);
  }
}
