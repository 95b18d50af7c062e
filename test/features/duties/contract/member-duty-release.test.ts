import { describe, expect, it } from 'vitest';
import { FirestoreDutyRepository } from '../../../../adapters/firestore/firestore-duty-repository';
import { FirestoreDutySwapRepository } from '../../../../adapters/firestore/firestore-duty-swap-repository';
import { FirestoreMemberRepository } from '../../../../adapters/firestore/firestore-member-repository';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { MemoryDutyRepository } from '../../../../adapters/memory/memory-duty-repository';
import { MemoryDutySwapRepository } from '../../../../adapters/memory/memory-duty-swap-repository';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { SqliteDutyRepository } from '../../../../adapters/sqlite/sqlite-duty-repository';
import { SqliteDutySwapRepository } from '../../../../adapters/sqlite/sqlite-duty-swap-repository';
import { SqliteMemberRepository } from '../../../../adapters/sqlite/sqlite-member-repository';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import type { DutyAssignment, DutyWindow } from '../../../../core/duty-rosters/duty-roster';
import type { DutyRepository } from '../../../../core/duties/duty-repository.port';
import type { DutySwapRepository } from '../../../../core/duties/duty-swap-repository.port';
import type { MemberDutyRelease } from '../../../../core/duty-rosters/duty-roster';
import type { Outbox } from '../../../../core/mail/outbox.port';
import type { Member } from '../../../../core/members/member';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { ConflictError } from '../../../../core/shared/errors';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { withTempSqlite } from '../../../support/temp-sqlite';
import { aMessage } from '../../mail/contract/outbox.contract';
import { rejectionOf } from '../../../support/contract/storage-fixtures';

// MemberRepository.update with `releaseDuties` (a member leaving the rosters): their duties not
// over at `from` taken off their slots, past ones kept, the e-mails written, all in the member's
// atomic write, on every storage; and against an assignment made at the same moment.

const firestore = useFirestoreEmulator();

interface Store {
  members: MemberRepository;
  duties: DutyRepository;
  swaps: DutySwapRepository;
  outbox: Outbox;
}

/** Runs `body` on a fresh store of each kind; `second` is another process's (client's) view of the same storage where it has one. */
const STORES: [string, (body: (store: Store, second: Store | null) => Promise<void>) => Promise<void>][] = [
  [
    'memory',
    async (body) => {
      const outbox = new MemoryOutbox();
      const duties = new MemoryDutyRepository();
      await body({ members: new MemoryMemberRepository({ duties, outbox }), duties, swaps: new MemoryDutySwapRepository(duties), outbox }, null);
    },
  ],
  [
    'SQLite',
    (body) =>
      withTempSqlite(async (sqlite) => {
        const [db, other] = [await sqlite.open(), await sqlite.open()];
        const of = (d: typeof db): Store => ({
          members: new SqliteMemberRepository(d),
          duties: new SqliteDutyRepository(d),
          swaps: new SqliteDutySwapRepository(d),
          outbox: new SqliteOutbox(d),
        });
        await body(of(db), of(other));
      }, 'kyc-member-duties-'),
  ],
  [
    'Firestore emulator',
    (body) =>
      onTwoClients(firestore, async (db, second) => {
        const of = (d: typeof db): Store => ({
          members: new FirestoreMemberRepository(d),
          duties: new FirestoreDutyRepository(d),
          swaps: new FirestoreDutySwapRepository(d),
          outbox: new FirestoreOutbox(d),
        });
        await body(of(db), of(second));
      }),
  ],
];

const NOW = new Date('2026-06-01T09:00:00.000Z');
const ann: Member = {
  id: 'ann',
  name: 'Ann Helm',
  email: 'ann@example.org',
  membershipType: 'Adult',
  renewalDate: '2027-03-31',
  disabled: false,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
};
const disabled: Member = { ...ann, disabled: true, updatedAt: '2026-06-01T09:05:00.000Z' };
const windowOf = (day: string): DutyWindow => ({ start: `${day}T09:00:00.000Z`, end: `${day}T16:00:00.000Z` });
const duty = (slotId: string, memberId: string, day: string): DutyAssignment => ({
  slotId,
  memberId,
  eventId: `event-${day}`,
  window: windowOf(day),
  assignedAt: '2026-05-01T09:00:00.000Z',
  overrideReason: null,
});

/** Ann on a past duty (May), one under way (today, 1 June), and one to come (July); Bob beside her in July. */
async function seed(store: Store): Promise<void> {
  await store.members.create(ann);
  const slot = (id: string, day: string) => ({
    id,
    eventId: `event-${day}`,
    dutyTypeId: 'officer',
    needed: 2,
    optional: false,
    createdAt: '2026-05-01T09:00:00.000Z',
  });
  await store.duties.addSlots([slot('may', '2026-05-02'), slot('today', '2026-06-01'), slot('july', '2026-07-04'), slot('august', '2026-08-01')]);
  for (const held of [
    duty('may', 'ann', '2026-05-02'),
    duty('today', 'ann', '2026-06-01'),
    duty('july', 'ann', '2026-07-04'),
    duty('july', 'bob', '2026-07-04'),
  ])
    await store.duties.assign(held);
}

/** The release the use case hands over: records what the storage released, writes one message naming them. */
function releaseRecording(id = 'released-1'): { release: MemberDutyRelease; seen: string[][] } {
  const seen: string[][] = [];
  return {
    seen,
    release: {
      from: NOW,
      mail: (released) => {
        seen.push(released.map((d) => d.slotId));
        return released.length === 0 ? [] : [{ ...aMessage(id), kind: 'duties-released' }];
      },
    },
  };
}

describe.each(STORES)('MemberRepository.update with a duty release on %s', (_name, withStore) => {
  it('writes the member, releases the duties not over (today’s and July’s), keeps the past one and the others’, and writes the e-mail', async () => {
    await withStore(async (store) => {
      await seed(store);
      const { release, seen } = releaseRecording();
      await store.members.update(disabled, { releaseDuties: release });
      expect(await store.members.get('ann')).toEqual(disabled);
      expect(seen.at(-1)?.sort()).toEqual(['july', 'today']);
      expect((await store.duties.listMemberDuties('ann')).map((d) => d.slotId)).toEqual(['may']);
      expect((await store.duties.getSlot('july'))?.holders.map((h) => h.memberId)).toEqual(['bob']);
      expect((await store.duties.getSlot('today'))?.holders).toEqual([]);
      expect((await store.outbox.list()).map((m) => m.id)).toEqual(['released-1']);
      // Nothing left to release: no e-mail the second time.
      const again = releaseRecording('released-2');
      await store.members.update(disabled, { releaseDuties: again.release });
      expect(again.seen.at(-1)).toEqual([]);
      expect((await store.outbox.list()).map((m) => m.id)).toEqual(['released-1']);
    });
  });

  it('writes nothing, the member neither, when an e-mail’s id is already in the outbox', async () => {
    await withStore(async (store) => {
      await seed(store);
      await store.outbox.add([aMessage('released-1')]);
      const refused = await rejectionOf(store.members.update(disabled, { releaseDuties: releaseRecording().release }));
      expect(refused).toBeInstanceOf(ConflictError);
      expect(await store.members.get('ann')).toEqual(ann);
      expect((await store.duties.listMemberDuties('ann')).map((d) => d.slotId).sort()).toEqual(['july', 'may', 'today']);
    });
  });

  it('refuses to give a disabled member a duty, storing nothing; an enabled one gets it', async () => {
    await withStore(async (store) => {
      await seed(store);
      await store.members.update(disabled, { releaseDuties: releaseRecording().release });
      const refused = await rejectionOf(store.duties.assign(duty('august', 'ann', '2026-08-01')));
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as Error).message).toBe('This member is disabled, so cannot hold a duty');
      expect((await store.duties.getSlot('august'))?.holders).toEqual([]);
      expect((await store.duties.listMemberDuties('ann')).map((d) => d.slotId)).toEqual(['may']);
      await store.members.update({ ...disabled, disabled: false, updatedAt: '2026-06-01T09:10:00.000Z' });
      await store.duties.assign(duty('august', 'ann', '2026-08-01'));
      expect((await store.duties.getSlot('august'))?.holders.map((h) => h.memberId)).toEqual(['ann']);
    });
  });

  it('refuses a disabled member taking another member’s duty by a swap, changing nothing', async () => {
    await withStore(async (store) => {
      await seed(store);
      await store.members.update(disabled, { releaseDuties: releaseRecording().release });
      const bobs = duty('july', 'bob', '2026-07-04');
      await store.swaps.create({
        id: 'swap-1',
        slotId: 'july',
        eventId: bobs.eventId,
        fromMemberId: 'bob',
        toMemberId: null,
        window: bobs.window,
        createdAt: '2026-05-02T09:00:00.000Z',
        status: 'open',
        takenBy: null,
        takenAt: null,
      });
      const refused = await rejectionOf(store.swaps.accept('swap-1', { ...duty('july', 'ann', '2026-07-04'), assignedAt: NOW.toISOString() }));
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as Error).message).toBe('This member is disabled, so cannot hold a duty');
      expect((await store.swaps.get('swap-1'))?.status).toBe('open');
      expect((await store.duties.getSlot('july'))?.holders.map((h) => h.memberId)).toEqual(['bob']);
    });
  });

  it('against an assignment at the same moment (a member volunteering as they are disabled): the member never ends holding a duty to come', async () => {
    await withStore(async (store, second) => {
      if (!second) return;
      for (let round = 0; round < 5; round += 1) {
        const member = { ...ann, id: `ann-${round}`, email: `ann-${round}@example.org` };
        await store.members.create(member);
        await store.duties.addSlots([
          { id: `slot-${round}`, eventId: 'event-2026-08-01', dutyTypeId: 'officer', needed: 2, optional: false, createdAt: '2026-05-01T09:00:00.000Z' },
        ]);
        const { release, seen } = releaseRecording(`released-${round}`);
        const [released, assigned] = await Promise.allSettled([
          store.members.update({ ...member, disabled: true, updatedAt: '2026-06-01T09:05:00.000Z' }, { releaseDuties: release }),
          second.duties.assign(duty(`slot-${round}`, member.id, '2026-08-01')),
        ]);
        expect(released.status).toBe('fulfilled');
        // The assignment came first (and the release took it off) or after (and was refused).
        if (assigned.status === 'fulfilled') expect(seen.at(-1)).toEqual([`slot-${round}`]);
        else expect(assigned.reason).toBeInstanceOf(ConflictError);
        expect(await store.duties.listMemberDuties(member.id)).toEqual([]);
        expect((await store.duties.getSlot(`slot-${round}`))?.holders).toEqual([]);
      }
    });
  });
});
