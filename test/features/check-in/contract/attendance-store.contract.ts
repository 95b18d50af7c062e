import { expect, it } from 'vitest';
import type { AfloatChange, AttendanceChange, AttendanceStore } from '../../../../core/check-in/attendance-store.port';
import type { WalkIn } from '../../../../core/check-in/walk-in';
import { ValidationError } from '../../../../core/shared/errors';
import { describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function aMark(key: string, overrides: Partial<AttendanceChange> = {}): AttendanceChange {
  return {
    key,
    bookingId: 'booking-1',
    eventId: 'event-1',
    expectedVersion: 0,
    arrived: 2,
    arrivedPeople: ['person-1'],
    at: '2026-06-20T09:30:00.000Z',
    by: 'officer@club.example',
    ...overrides,
  };
}

function anAfloat(key: string, personId: string, afloat: boolean, at: string, overrides: Partial<AfloatChange> = {}): AfloatChange {
  return { key, bookingId: 'booking-1', eventId: 'event-1', personId, entry: { afloat, at, by: 'officer@club.example' }, ...overrides };
}

const WALK_IN_1 = '7d1c7a36-5a0e-4f6b-8b1e-2c3d4e5f0001';
const WALK_IN_2 = '7d1c7a36-5a0e-4f6b-8b1e-2c3d4e5f0002';

function aWalkIn(id: string, overrides: Partial<WalkIn> = {}): WalkIn {
  return {
    id,
    eventId: 'event-1',
    name: 'Wendy Walker',
    phone: '07700 900123',
    emergencyContactName: 'Walt Walker',
    emergencyContactPhone: '07700 900456',
    addedAt: '2026-06-20T09:30:00.000Z',
    addedBy: 'officer@club.example',
    afloat: null,
    ...overrides,
  };
}

const KEY_3 = '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0003';
const KEY_4 = '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0004';
const KEY_1 = '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0001';
const KEY_2 = '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0002';

export function describeAttendanceStoreContract(name: string, makeAdapter: AdapterFactory<AttendanceStore>): void {
  describeContract('AttendanceStore', name, makeAdapter, (store) => {
    it('keeps nothing at first', async () => {
      expect(await store().get('booking-1')).toBeNull();
      expect(await store().getMany(['booking-1', 'booking-2'])).toEqual(new Map());
      expect(await store().countAppliedMarks('booking-1')).toBe(0);
    });

    it('applies a mark with the version seen, storing the next version, and reads it back', async () => {
      const outcome = await store().apply(aMark(KEY_1));
      const expected = {
        bookingId: 'booking-1',
        eventId: 'event-1',
        arrived: 2,
        arrivedPeople: ['person-1'],
        version: 1,
        updatedAt: '2026-06-20T09:30:00.000Z',
        updatedBy: 'officer@club.example',
      };
      expect(outcome).toEqual({ result: 'applied', attendance: expected });
      expect(await store().get('booking-1')).toEqual(expected);
      expect(await store().getMany(['booking-1', 'booking-2'])).toEqual(new Map([['booking-1', expected]]));
      expect(await store().countAppliedMarks('booking-1')).toBe(1);
    });

    it('a key applied before answers repeated and changes nothing, even with another state', async () => {
      await store().apply(aMark(KEY_1));
      const again = await store().apply(aMark(KEY_1, { arrived: 0, arrivedPeople: [], expectedVersion: 1 }));
      expect(again.result).toBe('repeated');
      expect(again.attendance).toMatchObject({ arrived: 2, version: 1 });
      expect(await store().get('booking-1')).toMatchObject({ arrived: 2, version: 1 });
      expect(await store().countAppliedMarks('booking-1')).toBe(1);
    });

    it('a version other than the stored one answers conflict with the stored state, and the key stays unapplied', async () => {
      await store().apply(aMark(KEY_1));
      const stale = await store().apply(aMark(KEY_2, { arrived: 1, arrivedPeople: [], expectedVersion: 0 }));
      expect(stale).toMatchObject({ result: 'conflict', attendance: { arrived: 2, version: 1 } });
      expect(await store().countAppliedMarks('booking-1')).toBe(1);
      // Sent again on the version now stored, the same key applies.
      const fresh = await store().apply(aMark(KEY_2, { arrived: 1, arrivedPeople: [], expectedVersion: 1 }));
      expect(fresh).toMatchObject({ result: 'applied', attendance: { arrived: 1, arrivedPeople: [], version: 2 } });
    });

    it('a mark on a booking never checked in, with a version other than 0, is a conflict', async () => {
      expect(await store().apply(aMark(KEY_1, { expectedVersion: 3 }))).toMatchObject({ result: 'conflict', attendance: { arrived: 0, version: 0 } });
      expect(await store().get('booking-1')).toBeNull();
    });

    it('the same key sent several times at once is applied exactly once', async () => {
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => store().apply(aMark(KEY_1))));
      expect(outcomes.filter((o) => o.result === 'applied')).toHaveLength(1);
      expect(outcomes.filter((o) => o.result === 'repeated')).toHaveLength(4);
      expect(await store().get('booking-1')).toMatchObject({ version: 1, arrived: 2 });
      expect(await store().countAppliedMarks('booking-1')).toBe(1);
    });

    it('two officers marking the same version at once: one applies, the other gets a conflict', async () => {
      const [a, b] = await Promise.all([store().apply(aMark(KEY_1, { arrived: 1, arrivedPeople: [] })), store().apply(aMark(KEY_2, { arrived: 2 }))]);
      expect([a.result, b.result].sort()).toEqual(['applied', 'conflict']);
      expect(await store().get('booking-1')).toMatchObject({ version: 1 });
      expect(await store().countAppliedMarks('booking-1')).toBe(1);
    });

    it('restores records as they are, versions too, and the next mark goes on from the restored version', async () => {
      const restored = {
        bookingId: 'booking-1',
        eventId: 'event-1',
        arrived: 3,
        arrivedPeople: ['person-1', 'person-2'],
        version: 7,
        updatedAt: '2026-06-20T10:15:00.000Z',
        updatedBy: 'ood@club.example',
      };
      const other = {
        bookingId: 'booking-2',
        eventId: 'event-1',
        arrived: 0,
        arrivedPeople: [],
        version: 2,
        updatedAt: '2026-06-20T10:20:00.000Z',
        updatedBy: 'ood@club.example',
      };
      await store().apply(aMark(KEY_1, { bookingId: 'booking-2' }));
      await store().restore([restored, other]);
      expect(await store().getMany(['booking-1', 'booking-2'])).toEqual(
        new Map([
          ['booking-1', restored],
          ['booking-2', other],
        ]),
      );
      // No key is recorded by a restore: a mark on a version older than the restored one is a conflict.
      expect(await store().countAppliedMarks('booking-1')).toBe(0);
      expect(await store().apply(aMark(KEY_2, { expectedVersion: 6 }))).toMatchObject({ result: 'conflict', attendance: restored });
      expect(await store().apply(aMark(KEY_2, { expectedVersion: 7, arrived: 1, arrivedPeople: [] }))).toMatchObject({
        result: 'applied',
        attendance: { arrived: 1, version: 8 },
      });
    });

    it('refuses to restore a record that is not valid, storing none of them', async () => {
      const valid = {
        bookingId: 'booking-1',
        eventId: 'event-1',
        arrived: 1,
        arrivedPeople: [],
        version: 1,
        updatedAt: '2026-06-20T10:15:00.000Z',
        updatedBy: 'ood@club.example',
      };
      await expect(store().restore([valid, { ...valid, bookingId: 'booking-2', arrived: -1 }])).rejects.toThrow(ValidationError);
      await expect(store().restore([{ ...valid, version: 1.5 }])).rejects.toThrow(ValidationError);
      expect(await store().getMany(['booking-1', 'booking-2'])).toEqual(new Map());
    });

    it('keeps each booking apart', async () => {
      await store().apply(aMark(KEY_1));
      await store().apply(aMark(KEY_2, { bookingId: 'booking-2', arrived: 1, arrivedPeople: [] }));
      const both = await store().getMany(['booking-1', 'booking-2', 'booking-3']);
      expect([...both.keys()].sort()).toEqual(['booking-1', 'booking-2']);
      expect(both.get('booking-2')).toMatchObject({ arrived: 1, version: 1 });
    });
    it('an afloat mark is taken in once per key, keeps the version, and a check-in keeps the tally', async () => {
      await store().apply(aMark(KEY_1));
      const out = await store().applyAfloat(anAfloat(KEY_2, 'person-1', true, '2026-06-20T10:00:00.000Z'));
      expect(out).toMatchObject({
        result: 'applied',
        attendance: { version: 1, arrived: 2, afloat: { 'person-1': { afloat: true, at: '2026-06-20T10:00:00.000Z', by: 'officer@club.example' } } },
      });
      // Resent (even saying ashore) it is repeated and changes nothing; the key space is the check-in's.
      expect(await store().applyAfloat(anAfloat(KEY_2, 'person-1', false, '2026-06-20T10:05:00.000Z'))).toMatchObject({
        result: 'repeated',
        attendance: { afloat: { 'person-1': { afloat: true } } },
      });
      expect(await store().applyAfloat(anAfloat(KEY_1, 'person-1', false, '2026-06-20T10:05:00.000Z'))).toMatchObject({ result: 'repeated' });
      expect(await store().countAppliedMarks('booking-1')).toBe(2);
      // A check-in on the version seen (afloat marks raise none) applies and keeps who is afloat.
      const checkIn = await store().apply(aMark(KEY_3, { expectedVersion: 1, arrived: 1 }));
      expect(checkIn).toMatchObject({ result: 'applied', attendance: { version: 2, arrived: 1, afloat: { 'person-1': { afloat: true } } } });
      expect(await store().get('booking-1')).toMatchObject({ afloat: { 'person-1': { afloat: true } } });
    });

    it('the last afloat mark by its time wins, whatever order the marks arrive in', async () => {
      await store().applyAfloat(anAfloat(KEY_1, 'person-1', false, '2026-06-20T11:00:00.000Z'));
      // Made earlier, sent later (queued offline): recorded, but the later ashore stands.
      expect(await store().applyAfloat(anAfloat(KEY_2, 'person-1', true, '2026-06-20T10:00:00.000Z'))).toMatchObject({
        result: 'applied',
        attendance: { version: 0, afloat: { 'person-1': { afloat: false } } },
      });
      await store().applyAfloat(anAfloat(KEY_3, 'booker', true, '2026-06-20T10:30:00.000Z'));
      expect(await store().applyAfloat(anAfloat(KEY_4, 'person-1', true, '2026-06-20T11:30:00.000Z'))).toMatchObject({
        attendance: { afloat: { 'person-1': { afloat: true }, booker: { afloat: true } } },
      });
      expect(await store().countAppliedMarks('booking-1')).toBe(4);
    });

    it('the same afloat key sent several times at once is applied exactly once', async () => {
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => store().applyAfloat(anAfloat(KEY_1, 'booker', true, '2026-06-20T10:00:00.000Z'))));
      expect(outcomes.filter((o) => o.result === 'applied')).toHaveLength(1);
      expect(outcomes.filter((o) => o.result === 'repeated')).toHaveLength(4);
      expect(await store().countAppliedMarks('booking-1')).toBe(1);
    });

    it('adds a walk-in once by its id, lists it with its event, and a resend changes nothing', async () => {
      expect(await store().listWalkIns(['event-1'])).toEqual([]);
      expect(await store().addWalkIn(aWalkIn(WALK_IN_1))).toEqual({ result: 'applied', walkIn: aWalkIn(WALK_IN_1) });
      // Sent again (the queue replayed), even with other details: repeated, the first stands.
      expect(await store().addWalkIn(aWalkIn(WALK_IN_1, { name: 'Someone Else' }))).toEqual({ result: 'repeated', walkIn: aWalkIn(WALK_IN_1) });
      await store().addWalkIn(
        aWalkIn(WALK_IN_2, { eventId: 'event-2', addedAt: '2026-06-20T09:31:00.000Z', phone: null, emergencyContactName: null, emergencyContactPhone: null }),
      );
      expect(await store().listWalkIns(['event-1'])).toEqual([aWalkIn(WALK_IN_1)]);
      expect((await store().listWalkIns(['event-1', 'event-2', 'event-3'])).map((w) => w.id)).toEqual([WALK_IN_1, WALK_IN_2]);
      // A walk-in is no booking's attendance.
      expect(await store().getMany([WALK_IN_1, 'booking-1'])).toEqual(new Map());
    });

    it('the same walk-in sent several times at once is added exactly once', async () => {
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => store().addWalkIn(aWalkIn(WALK_IN_1))));
      expect(outcomes.filter((o) => o.result === 'applied')).toHaveLength(1);
      expect(outcomes.filter((o) => o.result === 'repeated')).toHaveLength(4);
      expect(await store().listWalkIns(['event-1'])).toHaveLength(1);
    });

    it('removes a walk-in once; its adding sent again later does not bring it back', async () => {
      expect(await store().removeWalkIn(WALK_IN_1, '2026-06-20T09:40:00.000Z', 'officer@club.example')).toEqual({ result: 'missing', walkIn: null });
      await store().addWalkIn(aWalkIn(WALK_IN_1));
      expect(await store().removeWalkIn(WALK_IN_1, '2026-06-20T09:40:00.000Z', 'officer@club.example')).toEqual({
        result: 'applied',
        walkIn: aWalkIn(WALK_IN_1),
      });
      expect(await store().removeWalkIn(WALK_IN_1, '2026-06-20T09:41:00.000Z', 'officer@club.example')).toEqual({ result: 'repeated', walkIn: null });
      expect(await store().addWalkIn(aWalkIn(WALK_IN_1))).toEqual({ result: 'repeated', walkIn: null });
      expect(await store().listWalkIns(['event-1'])).toEqual([]);
    });

    it('two removals of one walk-in at once remove it once', async () => {
      await store().addWalkIn(aWalkIn(WALK_IN_1));
      const outcomes = await Promise.all(Array.from({ length: 4 }, () => store().removeWalkIn(WALK_IN_1, '2026-06-20T09:40:00.000Z', 'officer@club.example')));
      expect(outcomes.map((o) => o.result).sort()).toEqual(['applied', 'repeated', 'repeated', 'repeated']);
    });

    it("a walk-in's afloat mark is taken in once per key (the check-in's key space), the last by its time winning", async () => {
      expect(
        await store().applyWalkInAfloat({ key: KEY_1, walkInId: WALK_IN_1, entry: { afloat: true, at: '2026-06-20T10:00:00.000Z', by: 'o@club.example' } }),
      ).toEqual({ result: 'missing', walkIn: null });
      await store().addWalkIn(aWalkIn(WALK_IN_1));
      const out = await store().applyWalkInAfloat({
        key: KEY_1,
        walkInId: WALK_IN_1,
        entry: { afloat: true, at: '2026-06-20T10:00:00.000Z', by: 'o@club.example' },
      });
      expect(out).toEqual({
        result: 'applied',
        walkIn: aWalkIn(WALK_IN_1, { afloat: { afloat: true, at: '2026-06-20T10:00:00.000Z', by: 'o@club.example' } }),
      });
      expect(
        await store().applyWalkInAfloat({ key: KEY_1, walkInId: WALK_IN_1, entry: { afloat: false, at: '2026-06-20T10:30:00.000Z', by: 'o@club.example' } }),
      ).toMatchObject({ result: 'repeated', walkIn: { afloat: { afloat: true } } });
      // A booking's key is the same key space.
      await store().apply(aMark(KEY_2));
      expect(
        await store().applyWalkInAfloat({ key: KEY_2, walkInId: WALK_IN_1, entry: { afloat: false, at: '2026-06-20T10:30:00.000Z', by: 'o@club.example' } }),
      ).toMatchObject({ result: 'repeated' });
      // Made earlier, sent later: recorded, the later afloat stands.
      expect(
        await store().applyWalkInAfloat({ key: KEY_3, walkInId: WALK_IN_1, entry: { afloat: false, at: '2026-06-20T09:50:00.000Z', by: 'o@club.example' } }),
      ).toMatchObject({ result: 'applied', walkIn: { afloat: { afloat: true } } });
      await store().applyWalkInAfloat({ key: KEY_4, walkInId: WALK_IN_1, entry: { afloat: false, at: '2026-06-20T11:00:00.000Z', by: 'o@club.example' } });
      expect(await store().listWalkIns(['event-1'])).toMatchObject([{ id: WALK_IN_1, afloat: { afloat: false, at: '2026-06-20T11:00:00.000Z' } }]);
      const concurrent = await Promise.all(
        Array.from({ length: 4 }, () =>
          store().applyWalkInAfloat({
            key: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0009',
            walkInId: WALK_IN_1,
            entry: { afloat: true, at: '2026-06-20T12:00:00.000Z', by: 'o@club.example' },
          }),
        ),
      );
      expect(concurrent.filter((o) => o.result === 'applied')).toHaveLength(1);
    });
  });
}
