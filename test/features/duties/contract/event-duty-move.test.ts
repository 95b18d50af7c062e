import { describe, expect, it } from 'vitest';
import { FirestoreDutyRepository } from '../../../../adapters/firestore/firestore-duty-repository';
import { FirestoreEventRepository } from '../../../../adapters/firestore/firestore-event-repository';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import type { DutyAssignment, DutyWindow } from '../../../../core/duty-rosters/duty-roster';
import { DUTY_ROSTER_CHANGED } from '../../../../core/duties/event-move-duties';
import { type DutyMove } from '../../../../core/duty-rosters/duty-roster';
import { ConflictError } from '../../../../core/shared/errors';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { aMessage } from '../../mail/contract/outbox.contract';
import { rejectionOf, withStore } from '../../../support/contract/storage-fixtures';
import { anEvent } from '../../../support/entities';
import { storesUnderTest, type SharedPorts } from '../../../support/stores';

// EventRepository.update with `duties` (a moved event's roster, ADR 0045): the holders who no
// longer fit released, the others' duties at the new time, in the same atomic step as the event
// and its e-mails, refused when the roster changed meanwhile, on every storage.

const firestore = useFirestoreEmulator();

/** The ports a duty move writes to. */
type Store = Pick<SharedPorts, 'events' | 'duties' | 'outbox'>;

const STORES = storesUnderTest(firestore, 'kyc-event-duties-');

const OLD: DutyWindow = { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' };
const NEW: DutyWindow = { start: '2026-07-11T09:00:00.000Z', end: '2026-07-11T16:00:00.000Z' };
const moved = anEvent({ eventdatetime: NEW.start, eventenddatetime: NEW.end, sequence: 1, updatedAt: '2026-06-02T08:00:00.000Z' });
const held = (slotId: string, memberId: string, eventId = 'summer-regatta', window = OLD): DutyAssignment => ({
  slotId,
  memberId,
  eventId,
  window,
  assignedAt: '2026-06-01T09:00:00.000Z',
  overrideReason: null,
});

/** The regatta with two slots held by ann, bob (safety) and cat (galley); and an event on the new date, its slot empty. */
async function seed(store: Store): Promise<void> {
  await store.events.create(anEvent({ sequence: 0 }));
  await store.events.create(anEvent({ id: 'open-day', name: 'Open day', eventdatetime: NEW.start, eventenddatetime: NEW.end }));
  const slot = (id: string, eventId: string) => ({ id, eventId, dutyTypeId: id, needed: 2, optional: false, createdAt: '2026-06-01T09:00:00.000Z' });
  await store.duties.addSlots([slot('safety', 'summer-regatta'), slot('galley', 'summer-regatta'), slot('open-day-safety', 'open-day')]);
  for (const [slotId, memberId] of [
    ['safety', 'ann'],
    ['safety', 'bob'],
    ['galley', 'cat'],
  ] as const)
    await store.duties.assign(held(slotId, memberId));
}

const move = (release: DutyMove['release']): DutyMove => ({
  eventId: 'summer-regatta',
  window: NEW,
  holders: [
    { slotId: 'safety', memberId: 'ann' },
    { slotId: 'safety', memberId: 'bob' },
    { slotId: 'galley', memberId: 'cat' },
  ],
  release,
});

const rosterOf = async (store: Store) =>
  (await store.duties.listSlots('summer-regatta')).map((slot) => [slot.id, slot.holders.map((h) => [h.memberId, h.window.start])]);

describe.each(STORES)('EventRepository.update with a duty move on %s', (_name, open) => {
  it('writes the event, its e-mails and the roster together: the released off their slots, the others at the new time', async () => {
    await withStore(open, async (store) => {
      await seed(store);
      expect(
        await store.events.update(moved, { sequence: 0 }, { mail: [aMessage('duty-change-a')], duties: move([{ slotId: 'safety', memberId: 'bob' }]) }),
      ).toBe(true);
      expect(await store.events.get('summer-regatta')).toEqual(moved);
      expect((await store.outbox.list()).map((m) => m.id)).toEqual(['duty-change-a']);
      expect(await rosterOf(store)).toEqual([
        ['galley', [['cat', NEW.start]]],
        ['safety', [['ann', NEW.start]]],
      ]);
      expect((await store.duties.listMemberDuties('ann')).map((d) => d.window)).toEqual([NEW]);
      expect(await store.duties.listMemberDuties('bob')).toEqual([]);
      // At the new time, the one-duty-at-a-time rule sees the moved duty: Ann cannot also take the open day's.
      expect(((await rejectionOf(store.duties.assign(held('open-day-safety', 'ann', 'open-day', NEW)))) as Error).message).toBe(
        'This member is already on a duty at that time',
      );
      await store.duties.assign(held('open-day-safety', 'bob', 'open-day', NEW));
    });
  });

  it('refuses a move decided on another roster, or one that keeps a holder who took another duty then; writes nothing', async () => {
    await withStore(open, async (store) => {
      await seed(store);
      await store.duties.assign(held('galley', 'dan'));
      const before = await rosterOf(store);
      const changed = await rejectionOf(store.events.update(moved, { sequence: 0 }, { mail: [aMessage('duty-change-a')], duties: move([]) }));
      expect(changed).toBeInstanceOf(ConflictError);
      expect((changed as Error).message).toBe(DUTY_ROSTER_CHANGED);
      await store.duties.unassign('galley', 'dan');
      await store.duties.assign(held('open-day-safety', 'cat', 'open-day', NEW));
      expect(await rejectionOf(store.events.update(moved, { sequence: 0 }, { duties: move([]) }))).toBeInstanceOf(ConflictError);
      expect(await store.events.get('summer-regatta')).toEqual(anEvent({ sequence: 0 }));
      expect(await store.outbox.list()).toEqual([]);
      expect(await rosterOf(store)).toEqual(before.map(([id, holders]) => [id, (holders as [string, string][]).filter(([m]) => m !== 'dan')]));
      // Cat released, the move goes through.
      expect(await store.events.update(moved, { sequence: 0 }, { duties: move([{ slotId: 'galley', memberId: 'cat' }]) })).toBe(true);
    });
  });

  it('a move and an assignment of a holder elsewhere at the new time, at once: never both', async () => {
    await withStore(open, async (store) => {
      await seed(store);
      const [moving, assigning] = await Promise.allSettled([
        store.events.update(moved, { sequence: 0 }, { duties: move([]) }),
        store.duties.assign(held('open-day-safety', 'ann', 'open-day', NEW)),
      ]);
      expect([moving.status, assigning.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const ann = await store.duties.listMemberDuties('ann');
      expect(ann).toHaveLength(moving.status === 'fulfilled' ? 1 : 2);
      expect(ann.every((d) => d.window.start === NEW.start) || moving.status === 'rejected').toBe(true);
    });
  });
});

describe('EventRepository.update with a duty move from two connections on one Firestore emulator', () => {
  it('a move and an assignment racing from two instances: never both', async () => {
    await onTwoClients(firestore, async (db, second) => {
      const store = {
        events: new FirestoreEventRepository(db),
        duties: new FirestoreDutyRepository(db),
        outbox: new FirestoreOutbox(db),
        close: async () => {},
      };
      await seed(store);
      const [moving, assigning] = await Promise.allSettled([
        store.events.update(moved, { sequence: 0 }, { duties: move([]) }),
        new FirestoreDutyRepository(second).assign(held('open-day-safety', 'ann', 'open-day', NEW)),
      ]);
      expect([moving.status, assigning.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
    });
  });
});
