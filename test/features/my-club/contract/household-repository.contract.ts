import { describe, expect, it } from 'vitest';
import { aHouseholdPerson } from '../../../support/entities';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';
import type { HouseholdRepository } from '../../../../core/members/household-repository.port';
import type { HouseholdInvitation } from '../../../../core/members/household-membership';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

export function describeHouseholdRepositoryContract(name: string, makeAdapter: AdapterFactory<HouseholdRepository>): void {
  describeContract('HouseholdRepository', name, makeAdapter, (households) => {
    itAnswers('lists no one for a member with no household', [() => households().listForMember('member-ann'), []]);

    it('gives back the people added, in the order they were added, each member only their own', async () => {
      const tom = aHouseholdPerson();
      // Written with an offset, earlier than Tom: the order is by instant, not by text.
      const tess = aHouseholdPerson({
        id: 'hp-2',
        name: 'Tess Sailor',
        kind: 'adult',
        yearOfBirth: null,
        createdAt: '2026-05-01T10:30:00+01:00',
        updatedAt: '2026-05-01T10:30:00+01:00',
      });
      const ben = aHouseholdPerson({ id: 'hp-3', memberId: 'member-bob', name: 'Ben Boat', createdAt: '2026-04-01T10:00:00.000Z' });
      expect(await households().add(tom, 12)).toEqual({ added: true });
      expect(await households().add(tess, 12)).toEqual({ added: true });
      expect(await households().add(ben, 12)).toEqual({ added: true });
      expect(await households().listForMember('member-ann')).toEqual([tess, tom]);
      expect(await households().listForMember('member-bob')).toEqual([ben]);
    });

    it('adds no one to a household that holds the most people already', async () => {
      await households().add(aHouseholdPerson({ id: 'hp-1' }), 2);
      await households().add(aHouseholdPerson({ id: 'hp-2' }), 2);
      expect(await households().add(aHouseholdPerson({ id: 'hp-3' }), 2)).toEqual({ added: false });
      expect((await households().listForMember('member-ann')).map((p) => p.id)).toEqual(['hp-1', 'hp-2']);
      // Another member's household is not counted.
      expect(await households().add(aHouseholdPerson({ id: 'hp-4', memberId: 'member-bob' }), 2)).toEqual({ added: true });
    });

    it('keeps at most the limit when adds arrive at the same time', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => households().add(aHouseholdPerson({ id: `hp-${i}` }), 3)));
      expect(results.filter((r) => r.added)).toHaveLength(3);
      expect(await households().listForMember('member-ann')).toHaveLength(3);
    });

    it('refuses a person whose id the household holds already, keeping the first', async () => {
      await households().add(aHouseholdPerson(), 12);
      expect(await rejectionOf(households().add(aHouseholdPerson({ name: 'Someone else' }), 12))).toBeInstanceOf(ConflictError);
      expect((await households().listForMember('member-ann')).map((p) => p.name)).toEqual(['Tom Sailor']);
    });

    it('refuses a person that is not valid (an empty name, a name over 100 characters), storing nothing', async () => {
      expect(await rejectionOf(households().add(aHouseholdPerson({ name: '' }), 12))).toBeInstanceOf(ValidationError);
      expect(await rejectionOf(households().add(aHouseholdPerson({ name: 'x'.repeat(101) }), 12))).toBeInstanceOf(ValidationError);
      expect(await households().listForMember('member-ann')).toEqual([]);
    });

    it('changes the name, kind and year of a member’s person, keeping when they were added', async () => {
      const tom = aHouseholdPerson();
      await households().add(tom, 12);
      const renamed = {
        ...tom,
        name: 'Thomas Sailor',
        kind: 'adult' as const,
        yearOfBirth: null,
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: '2026-06-01T09:00:00.000Z',
      };
      await households().update(renamed);
      expect(await households().listForMember('member-ann')).toEqual([{ ...renamed, createdAt: tom.createdAt }]);
    });

    it('refuses to change a person the member does not have (another member’s included), changing nothing', async () => {
      const tom = aHouseholdPerson();
      await households().add(tom, 12);
      expect(await rejectionOf(households().update({ ...tom, memberId: 'member-bob', name: 'Stolen' }))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(households().update({ ...tom, id: 'hp-none' }))).toBeInstanceOf(NotFoundError);
      expect(await households().listForMember('member-ann')).toEqual([tom]);
      expect(await households().listForMember('member-bob')).toEqual([]);
    });

    it('removes a member’s person and says whether there was one; another member’s person stays', async () => {
      await households().add(aHouseholdPerson(), 12);
      await households().add(aHouseholdPerson({ id: 'hp-2', name: 'Tess Sailor' }), 12);
      expect(await households().remove('member-bob', 'hp-1')).toBe(false);
      expect(await households().remove('member-ann', 'hp-1')).toBe(true);
      expect(await households().remove('member-ann', 'hp-1')).toBe(false);
      expect((await households().listForMember('member-ann')).map((p) => p.id)).toEqual(['hp-2']);
      expect(await households().remove('member-ann', 'hp-2')).toBe(true);
      expect(await households().listForMember('member-ann')).toEqual([]);
      // A household emptied takes people again.
      expect(await households().add(aHouseholdPerson({ id: 'hp-5' }), 1)).toEqual({ added: true });
    });

    describe('members of households', () => {
      const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
      const invite = (
        id: string,
        householdId: string,
        memberId: string | null,
        minute = 0,
        email = `${memberId ?? 'nobody'}@example.org`,
      ): HouseholdInvitation => ({ id, householdId, memberId, email, invitedBy: 'member-ann', createdAt: at(minute) });

      it('makes the first member of a new household its contact, and lists members in the order they joined', async () => {
        expect(await households().membershipOf('member-ann')).toBeNull();
        expect(await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8)).toBe('joined');
        expect(await households().join({ householdId: 'h-1', memberId: 'member-bob', at: at(2) }, 8)).toBe('joined');
        expect(await households().membersOf('h-1')).toEqual([
          { householdId: 'h-1', memberId: 'member-ann', contact: true, joinedAt: at(1) },
          { householdId: 'h-1', memberId: 'member-bob', contact: false, joinedAt: at(2) },
        ]);
        expect(await households().membershipOf('member-bob')).toEqual({ householdId: 'h-1', memberId: 'member-bob', contact: false, joinedAt: at(2) });
        expect(await households().membersOf('h-none')).toEqual([]);
      });

      it('lists every member’s place in a household at once, by household and join order', async () => {
        expect(await households().listMemberships()).toEqual([]);
        await households().join({ householdId: 'h-2', memberId: 'member-cat', at: at(1) }, 8);
        await households().join({ householdId: 'h-1', memberId: 'member-bob', at: at(2) }, 8);
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(3) }, 8);
        // A household of dependants only, no member in it yet: nobody to list.
        await households().add(aHouseholdPerson({ memberId: 'member-dan' }), 12);
        expect(await households().listMemberships()).toEqual([
          { householdId: 'h-1', memberId: 'member-bob', contact: true, joinedAt: at(2) },
          { householdId: 'h-1', memberId: 'member-ann', contact: false, joinedAt: at(3) },
          { householdId: 'h-2', memberId: 'member-cat', contact: true, joinedAt: at(1) },
        ]);
      });

      it('refuses a member already in a household (with another member or dependants), and a household full', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        await households().join({ householdId: 'h-1', memberId: 'member-bob', at: at(2) }, 8);
        expect(await households().join({ householdId: 'h-2', memberId: 'member-bob', at: at(3) }, 8)).toBe('in-a-household');
        expect(await households().join({ householdId: 'h-1', memberId: 'member-bob', at: at(3) }, 8)).toBe('in-a-household');
        expect(await households().join({ householdId: 'h-1', memberId: 'member-cat', at: at(3) }, 2)).toBe('full');
        // Alone with a dependant: a household to keep.
        await households().join({ householdId: 'h-3', memberId: 'member-dan', at: at(4) }, 8);
        await households().add(aHouseholdPerson({ memberId: 'h-3' }), 12);
        expect(await households().join({ householdId: 'h-1', memberId: 'member-dan', at: at(5) }, 8)).toBe('in-a-household');
        // Alone without dependants: that household ends on joining another.
        await households().join({ householdId: 'h-4', memberId: 'member-eve', at: at(6) }, 8);
        expect(await households().join({ householdId: 'h-1', memberId: 'member-eve', at: at(7) }, 8)).toBe('joined');
        expect(await households().membersOf('h-4')).toEqual([]);
        expect((await households().membersOf('h-1')).map((m) => m.memberId)).toEqual(['member-ann', 'member-bob', 'member-eve']);
      });

      it('hands the contact to the member who joined next when the contact leaves; the only member of a household with dependants stays', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        await households().join({ householdId: 'h-1', memberId: 'member-bob', at: at(2) }, 8);
        await households().join({ householdId: 'h-1', memberId: 'member-cat', at: at(3) }, 8);
        await households().add(aHouseholdPerson({ memberId: 'h-1' }), 12);
        expect(await households().leave('h-2', 'member-ann')).toBe('not-in-household');
        expect(await households().leave('h-1', 'member-ann')).toBe('left');
        expect(await households().membershipOf('member-ann')).toBeNull();
        expect((await households().membersOf('h-1')).map((m) => [m.memberId, m.contact])).toEqual([
          ['member-bob', true],
          ['member-cat', false],
        ]);
        expect(await households().setContact('h-1', 'member-cat')).toBe(true);
        expect(await households().setContact('h-1', 'member-ann')).toBe(false);
        expect((await households().membersOf('h-1')).filter((m) => m.contact).map((m) => m.memberId)).toEqual(['member-cat']);
        expect(await households().leave('h-1', 'member-cat')).toBe('left');
        expect(await households().leave('h-1', 'member-bob')).toBe('only-member');
        // The dependants belong to the household, not to a member.
        expect((await households().listForMember('h-1')).map((p) => p.id)).toEqual(['hp-1']);
        expect(await households().remove('h-1', 'hp-1')).toBe(true);
        expect(await households().leave('h-1', 'member-bob')).toBe('left');
        expect(await households().membersOf('h-1')).toEqual([]);
      });

      it('keeps invitations until accepted (the member’s every invitation goes then) or removed; one per member and household, a limit per household', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        await households().join({ householdId: 'h-2', memberId: 'member-cat', at: at(1) }, 8);
        expect(await households().addInvitation(invite('inv-1', 'h-1', 'member-bob', 1), 2)).toBe('invited');
        expect(await households().addInvitation(invite('inv-2', 'h-1', 'member-bob', 2), 2)).toBe('already-invited');
        expect(await households().addInvitation(invite('inv-3', 'h-1', 'member-dan', 3), 2)).toBe('invited');
        expect(await households().addInvitation(invite('inv-4', 'h-1', 'member-eve', 4), 2)).toBe('too-many');
        expect(await households().addInvitation(invite('inv-5', 'h-2', 'member-bob', 5), 2)).toBe('invited');
        expect((await households().invitationsOf('h-1')).map((i) => i.id)).toEqual(['inv-1', 'inv-3']);
        expect((await households().invitationsFor('member-bob')).map((i) => i.id)).toEqual(['inv-1', 'inv-5']);
        expect(await households().getInvitation('inv-1')).toEqual(invite('inv-1', 'h-1', 'member-bob', 1));
        // Another member's invitation, or one into another household, is no invitation of theirs.
        expect(await households().join({ householdId: 'h-1', memberId: 'member-eve', at: at(6), invitationId: 'inv-1' }, 8)).toBe('no-invitation');
        expect(await households().join({ householdId: 'h-2', memberId: 'member-bob', at: at(6), invitationId: 'inv-1' }, 8)).toBe('no-invitation');
        expect(await households().join({ householdId: 'h-1', memberId: 'member-bob', at: at(6), invitationId: 'inv-1' }, 8)).toBe('joined');
        expect(await households().invitationsFor('member-bob')).toEqual([]);
        expect(await households().getInvitation('inv-5')).toBeNull();
        expect(await households().removeInvitation('inv-3')).toBe(true);
        expect(await households().removeInvitation('inv-3')).toBe(false);
        expect(await households().invitationsOf('h-1')).toEqual([]);
      });

      it('stores an invitation without a member like any (listed, counted, removable), for no member to accept; one per e-mail and household', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        const nobody = invite('inv-1', 'h-1', null, 1, 'nobody@example.org');
        expect(await households().addInvitation(nobody, 3)).toBe('invited');
        expect(await households().addInvitation(invite('inv-2', 'h-1', null, 2, 'nobody@example.org'), 3)).toBe('already-invited');
        // The same e-mail once a member's, or the same member under another e-mail: the same invitee.
        expect(await households().addInvitation(invite('inv-3', 'h-1', 'member-bob', 3, 'nobody@example.org'), 3)).toBe('already-invited');
        expect(await households().addInvitation(invite('inv-4', 'h-1', 'member-bob', 4, 'bob@example.org'), 3)).toBe('invited');
        expect(await households().addInvitation(invite('inv-5', 'h-1', 'member-bob', 5, 'bob.other@example.org'), 3)).toBe('already-invited');
        expect(await households().addInvitation(invite('inv-6', 'h-1', null, 6, 'other@example.org'), 3)).toBe('invited');
        expect(await households().addInvitation(invite('inv-7', 'h-1', null, 7, 'third@example.org'), 3)).toBe('too-many');
        expect(await households().invitationsOf('h-1')).toEqual([
          nobody,
          invite('inv-4', 'h-1', 'member-bob', 4, 'bob@example.org'),
          invite('inv-6', 'h-1', null, 6, 'other@example.org'),
        ]);
        expect(await households().getInvitation('inv-1')).toEqual(nobody);
        expect(await households().join({ householdId: 'h-1', memberId: 'member-cat', at: at(8), invitationId: 'inv-1' }, 8)).toBe('no-invitation');
        expect(await households().removeInvitation('inv-1')).toBe(true);
        expect((await households().invitationsOf('h-1')).map((i) => i.id)).toEqual(['inv-4', 'inv-6']);
      });

      it('removes an erased person’s invitations: to them, to their e-mail, and sent by them; no one else’s', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        await households().join({ householdId: 'h-2', memberId: 'member-cat', at: at(1) }, 8);
        await households().addInvitation(invite('inv-1', 'h-1', 'member-bob', 1), 8);
        await households().addInvitation(invite('inv-2', 'h-1', null, 2, 'bob.home@example.org'), 8);
        await households().addInvitation(invite('inv-3', 'h-1', 'member-dan', 3), 8);
        await households().addInvitation({ ...invite('inv-4', 'h-2', null, 4, 'eve@example.org'), invitedBy: 'member-bob' }, 8);
        await households().addInvitation({ ...invite('inv-5', 'h-2', 'member-fay', 5), invitedBy: 'member-cat' }, 8);
        expect(await households().removeInvitationsOfPerson('member-bob', ' Bob.Home@example.org')).toBe(3);
        expect((await households().invitationsOf('h-1')).map((i) => i.id)).toEqual(['inv-3']);
        expect((await households().invitationsOf('h-2')).map((i) => i.id)).toEqual(['inv-5']);
        expect(await households().removeInvitationsOfPerson('member-bob', null)).toBe(0);
      });

      it('finds the invitations to an e-mail in every household, any case, oldest first; no other e-mail’s', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        await households().join({ householdId: 'h-2', memberId: 'member-cat', at: at(1) }, 8);
        await households().addInvitation(invite('inv-2', 'h-2', null, 2, 'sam@example.org'), 8);
        await households().addInvitation(invite('inv-1', 'h-1', 'member-bob', 1, 'sam@example.org'), 8);
        await households().addInvitation(invite('inv-3', 'h-1', null, 3, 'other@example.org'), 8);
        expect((await households().invitationsToEmail(' Sam@Example.org')).map((i) => i.id)).toEqual(['inv-1', 'inv-2']);
        expect(await households().invitationsToEmail('nobody@example.org')).toEqual([]);
        expect(await households().invitationsToEmail(42 as unknown as string)).toEqual([]);
      });

      it('removes the invitations made before a moment, oldest first, a page at a time; one made at it stays', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        for (const [id, minute] of [
          ['inv-3', 3],
          ['inv-1', 1],
          ['inv-2', 2],
          ['inv-4', 4],
        ] as const)
          await households().addInvitation(invite(id, 'h-1', `member-${id}`, minute), 8);
        expect(await households().removeInvitationsMadeBefore(new Date(at(4)), 2)).toBe(2);
        expect((await households().invitationsOf('h-1')).map((i) => i.id)).toEqual(['inv-3', 'inv-4']);
        expect(await households().removeInvitationsMadeBefore(new Date(at(4)), 2)).toBe(1);
        expect(await households().removeInvitationsMadeBefore(new Date(at(4)), 2)).toBe(0);
        expect((await households().invitationsOf('h-1')).map((i) => i.id)).toEqual(['inv-4']);
      });

      it('lets a member accept only one of two invitations accepted at the same time', async () => {
        await households().join({ householdId: 'h-1', memberId: 'member-ann', at: at(1) }, 8);
        await households().join({ householdId: 'h-2', memberId: 'member-cat', at: at(1) }, 8);
        await households().addInvitation(invite('inv-1', 'h-1', 'member-bob'), 8);
        await households().addInvitation(invite('inv-2', 'h-2', 'member-bob'), 8);
        const results = await Promise.all([
          households().join({ householdId: 'h-1', memberId: 'member-bob', at: at(2), invitationId: 'inv-1' }, 8),
          households().join({ householdId: 'h-2', memberId: 'member-bob', at: at(2), invitationId: 'inv-2' }, 8),
        ]);
        expect(results.filter((r) => r === 'joined')).toHaveLength(1);
        const bob = await households().membershipOf('member-bob');
        const inBoth = [...(await households().membersOf('h-1')), ...(await households().membersOf('h-2'))].filter((m) => m.memberId === 'member-bob');
        expect(inBoth).toEqual([bob]);
      });

      itAnswers('gives no household its members again once every household has them', [() => households().assignMissingMembers(), 0]);
    });
  });
}
