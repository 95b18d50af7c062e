import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../core/shared/errors';
import type { HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import { rejectionOf, useFreshAdapter, type AdapterFactory } from './storage-fixtures';

function aPerson(overrides: Partial<HouseholdPerson> = {}): HouseholdPerson {
  return {
    id: 'hp-1',
    memberId: 'member-ann',
    name: 'Tom Sailor',
    kind: 'junior',
    yearOfBirth: 2016,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function describeHouseholdRepositoryContract(name: string, makeAdapter: AdapterFactory<HouseholdRepository>): void {
  describe(`${name} (HouseholdRepository contract)`, () => {
    const households = useFreshAdapter(makeAdapter);

    it('lists no one for a member with no household', async () => {
      expect(await households().listForMember('member-ann')).toEqual([]);
    });

    it('gives back the people added, in the order they were added, each member only their own', async () => {
      const tom = aPerson();
      // Written with an offset, earlier than Tom: the order is by instant, not by text.
      const tess = aPerson({ id: 'hp-2', name: 'Tess Sailor', kind: 'adult', yearOfBirth: null, createdAt: '2026-05-01T10:30:00+01:00', updatedAt: '2026-05-01T10:30:00+01:00' });
      const ben = aPerson({ id: 'hp-3', memberId: 'member-bob', name: 'Ben Boat', createdAt: '2026-04-01T10:00:00.000Z' });
      expect(await households().add(tom, 12)).toEqual({ added: true });
      expect(await households().add(tess, 12)).toEqual({ added: true });
      expect(await households().add(ben, 12)).toEqual({ added: true });
      expect(await households().listForMember('member-ann')).toEqual([tess, tom]);
      expect(await households().listForMember('member-bob')).toEqual([ben]);
    });

    it('adds no one to a household that holds the most people already', async () => {
      await households().add(aPerson({ id: 'hp-1' }), 2);
      await households().add(aPerson({ id: 'hp-2' }), 2);
      expect(await households().add(aPerson({ id: 'hp-3' }), 2)).toEqual({ added: false });
      expect((await households().listForMember('member-ann')).map((p) => p.id)).toEqual(['hp-1', 'hp-2']);
      // Another member's household is not counted.
      expect(await households().add(aPerson({ id: 'hp-4', memberId: 'member-bob' }), 2)).toEqual({ added: true });
    });

    it('keeps at most the limit when adds arrive at the same time', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => households().add(aPerson({ id: `hp-${i}` }), 3)));
      expect(results.filter((r) => r.added)).toHaveLength(3);
      expect(await households().listForMember('member-ann')).toHaveLength(3);
    });

    it('refuses a person whose id the household holds already, keeping the first', async () => {
      await households().add(aPerson(), 12);
      expect(await rejectionOf(households().add(aPerson({ name: 'Someone else' }), 12))).toBeInstanceOf(ConflictError);
      expect((await households().listForMember('member-ann')).map((p) => p.name)).toEqual(['Tom Sailor']);
    });

    it('refuses a person that is not valid (an empty name, a name over 100 characters), storing nothing', async () => {
      expect(await rejectionOf(households().add(aPerson({ name: '' }), 12))).toBeInstanceOf(ValidationError);
      expect(await rejectionOf(households().add(aPerson({ name: 'x'.repeat(101) }), 12))).toBeInstanceOf(ValidationError);
      expect(await households().listForMember('member-ann')).toEqual([]);
    });

    it('changes the name, kind and year of a member’s person, keeping when they were added', async () => {
      const tom = aPerson();
      await households().add(tom, 12);
      const renamed = { ...tom, name: 'Thomas Sailor', kind: 'adult' as const, yearOfBirth: null, createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2026-06-01T09:00:00.000Z' };
      await households().update(renamed);
      expect(await households().listForMember('member-ann')).toEqual([{ ...renamed, createdAt: tom.createdAt }]);
    });

    it('refuses to change a person the member does not have (another member’s included), changing nothing', async () => {
      const tom = aPerson();
      await households().add(tom, 12);
      expect(await rejectionOf(households().update({ ...tom, memberId: 'member-bob', name: 'Stolen' }))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(households().update({ ...tom, id: 'hp-none' }))).toBeInstanceOf(NotFoundError);
      expect(await households().listForMember('member-ann')).toEqual([tom]);
      expect(await households().listForMember('member-bob')).toEqual([]);
    });

    it('removes a member’s person and says whether there was one; another member’s person stays', async () => {
      await households().add(aPerson(), 12);
      await households().add(aPerson({ id: 'hp-2', name: 'Tess Sailor' }), 12);
      expect(await households().remove('member-bob', 'hp-1')).toBe(false);
      expect(await households().remove('member-ann', 'hp-1')).toBe(true);
      expect(await households().remove('member-ann', 'hp-1')).toBe(false);
      expect((await households().listForMember('member-ann')).map((p) => p.id)).toEqual(['hp-2']);
      expect(await households().remove('member-ann', 'hp-2')).toBe(true);
      expect(await households().listForMember('member-ann')).toEqual([]);
      // A household emptied takes people again.
      expect(await households().add(aPerson({ id: 'hp-5' }), 1)).toEqual({ added: true });
    });
  });
}
