import { describe, expect, it } from 'vitest';
import type { HouseholdPerson } from '../../../../core/members/household';
import type { HouseholdMembership } from '../../../../core/members/household-membership';
import type { NewHousehold } from '../../../../core/members/member-repository.port';
import { ConflictError, ValidationError } from '../../../../core/shared/errors';
import { rejectionOf, withStore } from '../../../support/contract/storage-fixtures';
import { aMember } from '../../../support/entities';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { storesUnderTest } from '../../../support/stores';

// MemberRepository.importMembers with a new household (an admission, docs/membership.md#joining)
// on every store: the members, the household's places and its dependants in one write, all or
// nothing, read back through HouseholdRepository as any household is.

const firestore = useFirestoreEmulator();
const STORES = storesUnderTest(firestore, 'kyc-import-household-');

const AT = '2027-03-01T10:00:00.000Z';
const ann = aMember({ id: 'mem-ann', name: 'Ann Sailor', email: 'ann@club.example' });
const bob = aMember({ id: 'mem-bob', name: 'Bob Sailor', email: 'bob@club.example' });
const place = (memberId: string, contact: boolean, householdId = 'h-new'): HouseholdMembership => ({ householdId, memberId, contact, joinedAt: AT });
const junior = (id: string, householdId = 'h-new'): HouseholdPerson => ({
  id,
  memberId: householdId,
  name: 'Cat Sailor',
  kind: 'junior',
  yearOfBirth: null,
  createdAt: AT,
  updatedAt: AT,
});
const family = (): NewHousehold => ({ members: [place('mem-ann', true), place('mem-bob', false)], people: [junior('p-cat')] });

describe.each(STORES)('MemberRepository.importMembers with a new household (%s)', (_name, open) => {
  it('writes the members and their household together: the contact, the members in it, its dependants', async () => {
    await withStore(open, async ({ members, households }) => {
      await members.importMembers([ann, bob], { household: family() });
      expect(await members.getMany(['mem-ann', 'mem-bob'])).toHaveLength(2);
      expect(await households.membershipOf('mem-ann')).toEqual(place('mem-ann', true));
      expect(await households.membersOf('h-new')).toEqual([place('mem-ann', true), place('mem-bob', false)]);
      expect(await households.listForMember('h-new')).toEqual([junior('p-cat')]);
    });
  });

  it('a household part that cannot be written (a member already in a household) writes nothing: no member, no household', async () => {
    await withStore(open, async ({ members, households }) => {
      await members.create(bob);
      expect(await households.join({ householdId: 'h-old', memberId: 'mem-bob', at: AT }, 8)).toBe('joined');
      expect(await rejectionOf(members.importMembers([ann], { household: family() }))).toBeInstanceOf(ConflictError);
      expect(await members.get('mem-ann')).toBeNull();
      expect(await households.membersOf('h-new')).toEqual([]);
      expect(await households.listForMember('h-new')).toEqual([]);
      expect(await households.membershipOf('mem-bob')).toMatchObject({ householdId: 'h-old' });
    });
  });

  it('a household that exists already, or a new one that is not valid, writes nothing', async () => {
    await withStore(open, async ({ members, households }) => {
      expect(await households.add(junior('p-old'), 12)).toEqual({ added: true });
      expect(await rejectionOf(members.importMembers([ann, bob], { household: family() }))).toBeInstanceOf(ConflictError);
      const twoContacts = { members: [place('mem-ann', true), place('mem-bob', true, 'h-two')], people: [] };
      expect(await rejectionOf(members.importMembers([ann, bob], { household: twoContacts }))).toBeInstanceOf(ValidationError);
      expect(await members.list()).toEqual([]);
      expect(await households.listForMember('h-new')).toEqual([junior('p-old')]);
      expect(await households.membershipOf('mem-ann')).toBeNull();
    });
  });
});
