import { expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';
import { DUTY_MESSAGES, type DutySlot } from '../../../../core/duties/duties';
import { type DutyAssignment } from '../../../../core/duty-rosters/duty-roster';
import type { DutyRepository } from '../../../../core/duties/duty-repository.port';
import { rejectionOf, describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

const RACE = { start: '2026-06-06T09:00:00.000Z', end: '2026-06-06T16:00:00.000Z' };

export function aSlot(overrides: Partial<DutySlot> = {}): DutySlot {
  return {
    id: 'slot-safety',
    eventId: 'ev-race',
    dutyTypeId: 'safety-boat',
    needed: 2,
    optional: false,
    allowsSecondDuty: false,
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function anAssignment(overrides: Partial<DutyAssignment> = {}): DutyAssignment {
  return {
    slotId: 'slot-safety',
    memberId: 'mem-ann',
    eventId: 'ev-race',
    window: RACE,
    assignedAt: '2026-05-02T10:00:00.000Z',
    overrideReason: null,
    ...overrides,
  };
}

export function describeDutyRepositoryContract(name: string, makeAdapter: AdapterFactory<DutyRepository>): void {
  describeContract('DutyRepository', name, makeAdapter, (duties) => {
    it('keeps qualifications, duty types and templates apart, each ordered by name, replaced by id and deleted once', async () => {
      await duties().saveCatalogue('qualifications', { id: 'pb2', name: 'Powerboat Level 2', validityMonths: null });
      await duties().saveCatalogue('qualifications', { id: 'first-aid', name: 'First Aid', validityMonths: 36 });
      await duties().saveCatalogue('dutyTypes', {
        id: 'safety-boat',
        name: 'Safety boat driver',
        description: 'Drives the RIB',
        qualificationIds: ['pb2', 'first-aid'],
      });
      await duties().saveCatalogue('templates', { id: 'club-race', name: 'Club race', needs: [{ dutyTypeId: 'safety-boat', needed: 2, optional: false }] });
      expect((await duties().listCatalogue('qualifications')).map((q) => q.name)).toEqual(['First Aid', 'Powerboat Level 2']);
      expect(await duties().listCatalogue('dutyTypes')).toEqual([
        { id: 'safety-boat', name: 'Safety boat driver', description: 'Drives the RIB', qualificationIds: ['pb2', 'first-aid'] },
      ]);
      expect(await duties().listCatalogue('templates')).toEqual([
        { id: 'club-race', name: 'Club race', needs: [{ dutyTypeId: 'safety-boat', needed: 2, optional: false }] },
      ]);

      await duties().saveCatalogue('qualifications', { id: 'first-aid', name: 'Emergency First Aid', validityMonths: 24 });
      expect(await duties().listCatalogue('qualifications')).toEqual([
        { id: 'first-aid', name: 'Emergency First Aid', validityMonths: 24 },
        { id: 'pb2', name: 'Powerboat Level 2', validityMonths: null },
      ]);
      expect(await duties().deleteCatalogue('qualifications', 'pb2')).toBe(true);
      expect(await duties().deleteCatalogue('qualifications', 'pb2')).toBe(false);
      expect(await duties().deleteCatalogue('dutyTypes', 'first-aid')).toBe(false);
      expect((await duties().listCatalogue('qualifications')).map((q) => q.id)).toEqual(['first-aid']);
    });

    it('refuses a catalogue record that is not valid, storing nothing', async () => {
      const error = await rejectionOf(duties().saveCatalogue('dutyTypes', { id: 'x/y', name: '', description: '', qualificationIds: [] }));
      expect(error).toBeInstanceOf(ValidationError);
      expect(await duties().listCatalogue('dutyTypes')).toEqual([]);
    });

    it('changes the catalogue on the whole of it as stored: a record saved or deleted, nothing when the change refuses', async () => {
      await duties().saveCatalogue('qualifications', { id: 'pb2', name: 'Powerboat Level 2', validityMonths: null });
      await duties().saveCatalogue('dutyTypes', { id: 'safety-boat', name: 'Safety boat driver', description: '', qualificationIds: ['pb2'] });
      const seen: unknown[] = [];
      await duties().changeCatalogue((catalogue) => {
        seen.push(catalogue);
        return { kind: 'qualifications', save: { id: 'first-aid', name: 'First Aid', validityMonths: 36 } };
      });
      expect(seen).toEqual([
        {
          qualifications: [{ id: 'pb2', name: 'Powerboat Level 2', validityMonths: null }],
          dutyTypes: [{ id: 'safety-boat', name: 'Safety boat driver', description: '', qualificationIds: ['pb2'] }],
          templates: [],
        },
      ]);
      expect((await duties().listCatalogue('qualifications')).map((q) => q.name)).toEqual(['First Aid', 'Powerboat Level 2']);

      await duties().changeCatalogue(() => ({ kind: 'qualifications', delete: 'pb2' }));
      expect((await duties().listCatalogue('qualifications')).map((q) => q.id)).toEqual(['first-aid']);

      const refused = await rejectionOf(
        duties().changeCatalogue(() => {
          throw new ConflictError('in use');
        }),
      );
      expect(refused).toBeInstanceOf(ConflictError);
      const invalid = await rejectionOf(
        duties().changeCatalogue(() => ({ kind: 'dutyTypes', save: { id: 'x/y', name: '', description: '', qualificationIds: [] } })),
      );
      expect(invalid).toBeInstanceOf(ValidationError);
      const unknownKind = await rejectionOf(duties().changeCatalogue(() => ({ kind: 'boats' as 'templates', delete: 'x' })));
      expect(unknownKind).toBeInstanceOf(ValidationError);
      expect(await duties().listCatalogue('qualifications')).toEqual([{ id: 'first-aid', name: 'First Aid', validityMonths: 36 }]);
      expect(await duties().listCatalogue('dutyTypes')).toEqual([
        { id: 'safety-boat', name: 'Safety boat driver', description: '', qualificationIds: ['pb2'] },
      ]);
    });

    it('decides each of several catalogue changes at once on what the others stored', async () => {
      await duties().saveCatalogue('qualifications', { id: 'pb2', name: 'Powerboat Level 2', validityMonths: null });
      // Five changes each add "First Aid" unless a qualification of that name is stored, while
      // one deletes Powerboat Level 2 unless a duty type needs it and two add duty types needing it.
      const addFirstAid = (i: number) =>
        duties().changeCatalogue((catalogue) => {
          if (catalogue.qualifications.some((q) => q.name === 'First Aid')) throw new ConflictError('There is already a qualification named First Aid');
          return { kind: 'qualifications', save: { id: `first-aid-${i}`, name: 'First Aid', validityMonths: 36 } };
        });
      const addDutyType = (id: string) =>
        duties().changeCatalogue((catalogue) => {
          if (!catalogue.qualifications.some((q) => q.id === 'pb2')) throw new NotFoundError('No such qualification');
          return { kind: 'dutyTypes', save: { id, name: id, description: '', qualificationIds: ['pb2'] } };
        });
      const deletePb2 = () =>
        duties().changeCatalogue((catalogue) => {
          if (catalogue.dutyTypes.some((type) => type.qualificationIds.includes('pb2'))) throw new ConflictError('Powerboat Level 2 is in use');
          return { kind: 'qualifications', delete: 'pb2' };
        });
      const results = await Promise.allSettled([
        ...Array.from({ length: 5 }, (_, i) => addFirstAid(i)),
        addDutyType('safety-boat'),
        deletePb2(),
        addDutyType('mark-layer'),
      ]);
      expect(results.slice(0, 5).filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const qualifications = await duties().listCatalogue('qualifications');
      expect(qualifications.filter((q) => q.name === 'First Aid')).toHaveLength(1);
      // However the three others fell, no duty type needs a qualification that is gone.
      const dutyTypes = await duties().listCatalogue('dutyTypes');
      for (const type of dutyTypes) for (const needed of type.qualificationIds) expect(qualifications.map((q) => q.id)).toContain(needed);
      expect(results.slice(5).filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    });

    it('keeps members’ qualifications by member and qualification, with or without an expiry', async () => {
      await duties().putMemberQualifications([
        { memberId: 'mem-bob', qualificationId: 'pb2', expiresOn: '2027-04-30' },
        { memberId: 'mem-ann', qualificationId: 'pb2', expiresOn: null },
        { memberId: 'mem-ann', qualificationId: 'first-aid', expiresOn: '2026-12-31' },
      ]);
      await duties().putMemberQualifications([{ memberId: 'mem-ann', qualificationId: 'first-aid', expiresOn: '2029-12-31' }]);
      expect(await duties().listMemberQualifications('mem-ann')).toEqual([
        { memberId: 'mem-ann', qualificationId: 'first-aid', expiresOn: '2029-12-31' },
        { memberId: 'mem-ann', qualificationId: 'pb2', expiresOn: null },
      ]);
      expect((await duties().listMemberQualifications()).map((q) => q.memberId)).toEqual(['mem-ann', 'mem-ann', 'mem-bob']);
      expect(await duties().deleteMemberQualification('mem-ann', 'pb2')).toBe(true);
      expect(await duties().deleteMemberQualification('mem-ann', 'pb2')).toBe(false);
      expect(await duties().listMemberQualifications('mem-ann')).toHaveLength(1);
    });

    it('stores all of an import of members’ qualifications or none of it', async () => {
      const error = await rejectionOf(
        duties().putMemberQualifications([
          { memberId: 'mem-ann', qualificationId: 'pb2', expiresOn: null },
          { memberId: 'mem-bob', qualificationId: 'pb2', expiresOn: 'not a date' },
        ]),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(await duties().listMemberQualifications()).toEqual([]);
    });

    it('lists an event’s slots oldest first with their holders, and only that event’s', async () => {
      await duties().addSlots([
        aSlot({ id: 'slot-galley', dutyTypeId: 'galley', needed: 1, optional: true, createdAt: '2026-05-01T11:00:00.000Z' }),
        aSlot(),
        aSlot({ id: 'slot-other', eventId: 'ev-other' }),
      ]);
      await duties().assign(anAssignment());
      const slots = await duties().listSlots('ev-race');
      expect(slots.map((slot) => slot.id)).toEqual(['slot-safety', 'slot-galley']);
      expect(slots[0]).toEqual({ ...aSlot(), holders: [anAssignment()] });
      expect(slots[1].holders).toEqual([]);
      expect((await duties().listSlotsOfEvents(['ev-other', 'ev-race', 'ev-none'])).map((slot) => slot.id)).toEqual([
        'slot-other',
        'slot-safety',
        'slot-galley',
      ]);
      expect(await duties().getSlot('slot-safety')).toEqual({ ...aSlot(), holders: [anAssignment()] });
      expect(await duties().getSlot('slot-none')).toBeNull();
    });

    it('keeps whether a slot allows its holder a second duty the same day; one given without it allows none', async () => {
      const { allowsSecondDuty: _, ...withoutIt } = aSlot({ id: 'slot-old' });
      await duties().addSlots([aSlot({ allowsSecondDuty: true }), withoutIt]);
      expect((await duties().getSlot('slot-safety'))?.allowsSecondDuty).toBe(true);
      expect((await duties().getSlot('slot-old'))?.allowsSecondDuty).toBe(false);
      expect((await duties().listSlots('ev-race')).map((slot) => [slot.id, slot.allowsSecondDuty])).toEqual([
        ['slot-old', false],
        ['slot-safety', true],
      ]);
    });

    it('refuses slots whose id exists, storing none of them', async () => {
      await duties().addSlots([aSlot()]);
      const error = await rejectionOf(duties().addSlots([aSlot({ id: 'slot-new' }), aSlot()]));
      expect(error).toBeInstanceOf(ConflictError);
      expect(await duties().getSlot('slot-new')).toBeNull();
    });

    it('fills a slot up to what it needs and no further, and never twice with one member', async () => {
      await duties().addSlots([aSlot()]);
      await duties().assign(anAssignment());
      expect(await rejectionOf(duties().assign(anAssignment({ assignedAt: '2026-05-02T11:00:00.000Z' })))).toEqual(
        new ConflictError(DUTY_MESSAGES.alreadyHolding),
      );
      await duties().assign(anAssignment({ memberId: 'mem-bob' }));
      expect(await rejectionOf(duties().assign(anAssignment({ memberId: 'mem-cat' })))).toEqual(new ConflictError(DUTY_MESSAGES.slotFull));
      expect((await duties().getSlot('slot-safety'))!.holders.map((h) => h.memberId)).toEqual(['mem-ann', 'mem-bob']);
      expect(await duties().listMemberDuties('mem-cat')).toEqual([]);
    });

    it('refuses a member a second duty whose time overlaps, and allows one that starts as the first ends', async () => {
      await duties().addSlots([
        aSlot(),
        aSlot({ id: 'slot-galley', dutyTypeId: 'galley' }),
        aSlot({ id: 'slot-evening', eventId: 'ev-social', dutyTypeId: 'bar' }),
        aSlot({ id: 'slot-lunch', eventId: 'ev-lunch', dutyTypeId: 'bar' }),
      ]);
      await duties().assign(anAssignment());
      expect(await rejectionOf(duties().assign(anAssignment({ slotId: 'slot-galley' })))).toEqual(new ConflictError(DUTY_MESSAGES.doubleDuty));
      expect(
        await rejectionOf(
          duties().assign(
            anAssignment({ slotId: 'slot-lunch', eventId: 'ev-lunch', window: { start: '2026-06-06T12:00:00.000Z', end: '2026-06-06T13:00:00.000Z' } }),
          ),
        ),
      ).toEqual(new ConflictError(DUTY_MESSAGES.doubleDuty));
      const evening = anAssignment({ slotId: 'slot-evening', eventId: 'ev-social', window: { start: RACE.end, end: '2026-06-06T22:00:00.000Z' } });
      await duties().assign(evening);
      expect(await duties().listMemberDuties('mem-ann')).toEqual([anAssignment(), evening]);
    });

    it('takes a member off a slot once, freeing the place and the member’s time', async () => {
      await duties().addSlots([aSlot({ needed: 1 }), aSlot({ id: 'slot-galley', dutyTypeId: 'galley' })]);
      await duties().assign(anAssignment({ overrideReason: 'Trained last week, card in the post' }));
      expect(await duties().unassign('slot-safety', 'mem-ann')).toEqual(anAssignment({ overrideReason: 'Trained last week, card in the post' }));
      expect(await duties().unassign('slot-safety', 'mem-ann')).toBeNull();
      expect(await duties().unassign('slot-none', 'mem-ann')).toBeNull();
      await duties().assign(anAssignment({ slotId: 'slot-galley' }));
      await duties().assign(anAssignment({ memberId: 'mem-bob' }));
      expect(await duties().listMemberDuties('mem-ann')).toEqual([anAssignment({ slotId: 'slot-galley' })]);
    });

    it('refuses an assignment to a slot that does not exist, or that is not valid', async () => {
      expect(await rejectionOf(duties().assign(anAssignment()))).toBeInstanceOf(NotFoundError);
      await duties().addSlots([aSlot()]);
      expect(await rejectionOf(duties().assign(anAssignment({ window: { start: RACE.end, end: RACE.start } })))).toBeInstanceOf(ValidationError);
      expect((await duties().getSlot('slot-safety'))!.holders).toEqual([]);
    });

    it('removes a slot nobody holds, and refuses to remove one a member holds', async () => {
      await duties().addSlots([aSlot(), aSlot({ id: 'slot-galley', dutyTypeId: 'galley' })]);
      await duties().assign(anAssignment());
      expect(await rejectionOf(duties().removeSlot('slot-safety'))).toBeInstanceOf(ConflictError);
      expect(await duties().removeSlot('slot-galley')).toBe(true);
      expect(await duties().removeSlot('slot-galley')).toBe(false);
      expect((await duties().listSlots('ev-race')).map((slot) => slot.id)).toEqual(['slot-safety']);
    });

    it('fills a 2-person slot exactly when 20 members volunteer at once', async () => {
      await duties().addSlots([aSlot({ needed: 2 })]);
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => duties().assign(anAssignment({ memberId: `mem-${i}` }))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused.every((r) => r.reason instanceof ConflictError && r.reason.message === DUTY_MESSAGES.slotFull)).toBe(true);
      expect((await duties().getSlot('slot-safety'))!.holders).toHaveLength(2);
    });

    it('gives a member only one of several overlapping duties asked for at once', async () => {
      const ids = Array.from({ length: 6 }, (_, i) => `slot-${i}`);
      await duties().addSlots(ids.map((id, i) => aSlot({ id, eventId: `ev-${i}`, needed: 1 })));
      const results = await Promise.allSettled(ids.map((slotId, i) => duties().assign(anAssignment({ slotId, eventId: `ev-${i}` }))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await duties().listMemberDuties('mem-ann')).toHaveLength(1);
      const held = (await duties().listSlotsOfEvents(ids.map((_, i) => `ev-${i}`))).filter((slot) => slot.holders.length > 0);
      expect(held).toHaveLength(1);
    });
  });
}
