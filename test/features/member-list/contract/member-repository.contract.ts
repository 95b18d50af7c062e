import { expect, it } from 'vitest';
import { aMember } from '../../../support/entities';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';
import type { Member } from '../../../../core/members/member';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

export function describeMemberRepositoryContract(name: string, makeAdapter: AdapterFactory<MemberRepository>): void {
  describeContract('MemberRepository', name, makeAdapter, (members) => {
    itAnswers(
      'has no members at first',
      [() => members().list(), []],
      [() => members().get('mem-ann'), null],
      [() => members().getByEmail('ann@club.example'), null],
    );

    it('gives back a created member, every field as stored, by id and by e-mail in any letter case', async () => {
      const member = aMember({ name: 'Ünïcödé O’Brien ⛵', email: 'Ann.O-Brien+sail@Club.example', disabled: true, createdAt: '2026-11-25T10:00:00+01:00' });
      await members().create(member);
      expect(await members().get('mem-ann')).toEqual(member);
      expect(await members().getByEmail('ann.o-brien+sail@club.example')).toEqual(member);
      expect(await members().getByEmail('ANN.O-BRIEN+SAIL@CLUB.EXAMPLE')).toEqual(member);
      expect(await members().getByEmail('ann@club.example')).toBeNull();
      expect(await members().list()).toEqual([member]);
    });

    it('keeps the optional phone and emergency contact, and removes them when an update leaves them out', async () => {
      const withContact = aMember({ phone: '+44 7700 900123', emergencyContactName: 'Bea Sailor', emergencyContactPhone: '07700 900456' });
      await members().create(withContact);
      expect(await members().get('mem-ann')).toEqual(withContact);
      const without = aMember({ updatedAt: '2026-11-26T09:00:00.000Z' });
      await members().update(without);
      expect(await members().get('mem-ann')).toEqual(without);
      await members().importMembers([withContact]);
      expect(await members().list()).toEqual([withContact]);
    });

    it('reads many members at once, by ids and by e-mails in any letter case: each stored one once, the unknown left out', async () => {
      const ann = aMember({ id: 'm1', name: 'Ann', email: 'Ann@Club.example' });
      const bob = aMember({ id: 'm2', name: 'Bob', email: 'bob@club.example' });
      const many = Array.from({ length: 45 }, (_, i) => aMember({ id: `n${i}`, name: `N ${i}`, email: `n${i}@club.example` }));
      await members().importMembers([ann, bob, aMember({ id: 'm3', name: 'Cat', email: 'cat@club.example' }), ...many]);
      const byId = (list: Member[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(await members().getMany([])).toEqual([]);
      expect(byId(await members().getMany(['m2', 'none', 'm1', 'm2', 'a/b']))).toEqual([ann, bob]);
      expect(await members().getManyByEmail([])).toEqual([]);
      expect(byId(await members().getManyByEmail(['ann@club.example', 'BOB@CLUB.EXAMPLE', ' bob@club.example ', 'nobody@club.example']))).toEqual([ann, bob]);
      // Longer than one query takes (Firestore: 30 values to an `in`).
      expect(byId(await members().getMany(many.map((m) => m.id)))).toEqual(byId(many));
      expect(byId(await members().getManyByEmail(many.map((m) => m.email.toUpperCase())))).toEqual(byId(many));
    });

    it('lists members by name, then by e-mail whatever its case', async () => {
      await members().create(aMember({ id: 'm1', name: 'Zoe', email: 'zoe@club.example' }));
      await members().create(aMember({ id: 'm2', name: 'Ann', email: 'b@club.example' }));
      await members().create(aMember({ id: 'm3', name: 'Ann', email: 'A@club.example' }));
      await members().create(aMember({ id: 'm4', name: 'Bob', email: 'bob@club.example' }));
      expect((await members().list()).map((m) => m.id)).toEqual(['m3', 'm2', 'm4', 'm1']);
    });

    it('refuses a second member with the same id or the same e-mail in another letter case, keeping the first', async () => {
      const first = aMember();
      await members().create(first);
      const sameId = await rejectionOf(members().create(aMember({ email: 'other@club.example' })));
      expect(sameId).toBeInstanceOf(ConflictError);
      const sameEmail = await rejectionOf(members().create(aMember({ id: 'mem-other', email: 'ANN@club.example' })));
      expect(sameEmail).toBeInstanceOf(ConflictError);
      expect((sameEmail as Error).message).toBe('A member with this e-mail already exists');
      expect(await members().list()).toEqual([first]);
    });

    it('replaces a member on update, its e-mail key too', async () => {
      await members().create(aMember());
      const edited = aMember({
        name: 'Ann Helmsman',
        email: 'helm@club.example',
        membershipType: 'Adult',
        renewalDate: '2028-01-01',
        disabled: true,
        updatedAt: '2026-11-26T09:00:00.000Z',
      });
      await members().update(edited);
      expect(await members().get('mem-ann')).toEqual(edited);
      expect(await members().getByEmail('ann@club.example')).toBeNull();
      expect(await members().getByEmail('HELM@club.example')).toEqual(edited);
      // The old e-mail is free again.
      await members().create(aMember({ id: 'mem-new', email: 'ann@club.example' }));
      expect((await members().list()).map((m) => m.id).sort()).toEqual(['mem-ann', 'mem-new']);
    });

    it('lets a member change only the case of their own e-mail', async () => {
      await members().create(aMember());
      await members().update(aMember({ email: 'Ann@Club.example' }));
      expect((await members().getByEmail('ann@club.example'))?.email).toBe('Ann@Club.example');
    });

    it('refuses an update of an unknown member, or to an e-mail another member has, changing nothing', async () => {
      await members().create(aMember());
      await members().create(aMember({ id: 'mem-bob', name: 'Bob', email: 'bob@club.example' }));
      const before = await members().list();
      expect(await rejectionOf(members().update(aMember({ id: 'mem-nobody', email: 'nobody@club.example' })))).toBeInstanceOf(NotFoundError);
      expect(await rejectionOf(members().update(aMember({ id: 'mem-bob', email: 'ANN@club.example' })))).toBeInstanceOf(ConflictError);
      expect(await members().list()).toEqual(before);
    });

    it('refuses a member that is not valid with a ValidationError, and stores nothing', async () => {
      const bad: Member[] = [
        aMember({ name: '' }),
        aMember({ email: 'not an e-mail' }),
        aMember({ membershipType: ' ' }),
        aMember({ renewalDate: '31/03/2027' }),
        aMember({ renewalDate: '2027-02-30' }),
        aMember({ createdAt: 'yesterday' }),
        aMember({ id: '' }),
      ];
      for (const member of bad) {
        expect(await rejectionOf(members().create(member)), JSON.stringify(member)).toBeInstanceOf(ValidationError);
        expect(await rejectionOf(members().importMembers([member])), JSON.stringify(member)).toBeInstanceOf(ValidationError);
      }
      expect(await members().list()).toEqual([]);
    });

    it('imports members all at once: adds the new ones and replaces the given ones, keeping the others', async () => {
      await members().create(aMember());
      await members().create(aMember({ id: 'mem-kept', name: 'Kept', email: 'kept@club.example' }));
      const renewed = aMember({ renewalDate: '2028-03-31', membershipType: 'Adult', updatedAt: '2026-11-26T09:00:00.000Z' });
      const added = aMember({ id: 'mem-new', name: 'New Member', email: 'New@club.example' });
      await members().importMembers([renewed, added]);
      expect(await members().list()).toEqual([renewed, aMember({ id: 'mem-kept', name: 'Kept', email: 'kept@club.example' }), added]);
      expect(await members().getByEmail('new@club.example')).toEqual(added);
      await members().importMembers([]);
      expect(await members().list()).toHaveLength(3);
    });

    it('imports two members swapping their e-mails', async () => {
      await members().create(aMember({ id: 'm-a', email: 'a@club.example' }));
      await members().create(aMember({ id: 'm-b', email: 'b@club.example' }));
      await members().importMembers([aMember({ id: 'm-a', email: 'b@club.example' }), aMember({ id: 'm-b', email: 'a@club.example' })]);
      expect((await members().getByEmail('a@club.example'))?.id).toBe('m-b');
      expect((await members().getByEmail('b@club.example'))?.id).toBe('m-a');
    });

    it('imports nothing when two members would share an e-mail, within the import or with a member kept', async () => {
      await members().create(aMember());
      const before = await members().list();
      const withinImport = [aMember({ id: 'm-1', email: 'x@club.example' }), aMember({ id: 'm-2', email: 'X@club.example' })];
      expect(await rejectionOf(members().importMembers(withinImport))).toBeInstanceOf(ConflictError);
      const withKept = [aMember({ id: 'm-3', email: 'fine@club.example' }), aMember({ id: 'm-4', email: 'ANN@club.example' })];
      expect(await rejectionOf(members().importMembers(withKept))).toBeInstanceOf(ConflictError);
      const withBad = [aMember({ id: 'm-5', email: 'fine@club.example' }), aMember({ id: 'm-6', email: 'bad' })];
      expect(await rejectionOf(members().importMembers(withBad))).toBeInstanceOf(ValidationError);
      expect(await members().list()).toEqual(before);
    });

    it('imports a club-sized list of 400 members in one write', async () => {
      const many = Array.from({ length: 400 }, (_, i) =>
        aMember({ id: `m-${String(i).padStart(3, '0')}`, name: `Member ${String(i).padStart(3, '0')}`, email: `m${i}@club.example` }),
      );
      await members().importMembers(many);
      expect(await members().list()).toEqual(many);
    });

    it('keeps e-mails unique under concurrent creates of the same address', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => members().create(aMember({ id: `m-${i}`, email: i % 2 ? 'same@club.example' : 'SAME@club.example' }))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConflictError);
      expect(await members().list()).toHaveLength(1);
    });
  });
}
