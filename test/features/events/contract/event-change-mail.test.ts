import { describe, expect, it } from 'vitest';
import { FirestoreEventRepository } from '../../../../adapters/firestore/firestore-event-repository';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { MemoryEventRepository } from '../../../../adapters/memory/memory-event-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { SqliteEventRepository } from '../../../../adapters/sqlite/sqlite-event-repository';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import { ConflictError, NotFoundError } from '../../../../core/shared/errors';
import type { EventRepository } from '../../../../core/events/event-repository.port';
import type { Outbox } from '../../../../core/mail/outbox.port';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { aMessage } from '../../mail/contract/outbox.contract';
import { rejectionOf, withStore } from '../../../support/contract/storage-fixtures';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { anEvent } from '../../../support/entities';

// EventRepository.update with `mail` (the e-mails telling booked members the event moved): written
// with the event, never without it, on every storage.

const firestore = useFirestoreEmulator();

interface Store {
  events: EventRepository;
  /** A second connection's repository on the same data, for races (the same one where there is no other). */
  other: EventRepository;
  outbox: Outbox;
  close(): Promise<void>;
}

const STORES: [string, () => Promise<Store>][] = [
  [
    'memory',
    async () => {
      const outbox = new MemoryOutbox();
      const events = new MemoryEventRepository({ outbox });
      return { events, other: events, outbox, close: async () => {} };
    },
  ],
  [
    'SQLite',
    async () => {
      const { db, close } = await openTempSqlite('kyc-event-mail-');
      return { events: new SqliteEventRepository(db), other: new SqliteEventRepository(db), outbox: new SqliteOutbox(db), close };
    },
  ],
  [
    'Firestore emulator',
    async () => {
      const { emulator, db } = firestore();
      await emulator.reset();
      return { events: new FirestoreEventRepository(db), other: new FirestoreEventRepository(db), outbox: new FirestoreOutbox(db), close: async () => {} };
    },
  ],
];

const moved = (sequence: number) =>
  anEvent({ eventdatetime: '2026-07-11T09:00:00.000Z', eventenddatetime: null, sequence, updatedAt: '2026-05-02T08:00:00.000Z' });

describe.each(STORES)('EventRepository.update with mail on %s', (_name, open) => {
  it('writes the event and its messages together', async () => {
    await withStore(open, async (store) => {
      await store.events.create(anEvent({ sequence: 0 }));
      expect(await store.events.update(moved(1), { sequence: 0 }, { mail: [aMessage('event-change-a-1'), aMessage('event-change-b-1')] })).toBe(true);
      expect(await store.events.get('summer-regatta')).toEqual(moved(1));
      expect((await store.outbox.list()).map((m) => m.id).sort()).toEqual(['event-change-a-1', 'event-change-b-1']);
    });
  });

  it('writes no message when the event is not written (changed meanwhile, or missing)', async () => {
    await withStore(open, async (store) => {
      await store.events.create(anEvent({ sequence: 3 }));
      expect(await store.events.update(moved(1), { sequence: 0 }, { mail: [aMessage('event-change-a-1')] })).toBe(false);
      expect(
        await rejectionOf(store.events.update(anEvent({ id: 'no-such-event' }), { sequence: 0 }, { mail: [aMessage('event-change-b-1')] })),
      ).toBeInstanceOf(NotFoundError);
      expect(await store.outbox.list()).toEqual([]);
      expect(await store.events.get('summer-regatta')).toEqual(anEvent({ sequence: 3 }));
    });
  });

  it('refuses a message whose id is already in the outbox (ConflictError), and writes nothing: not the event, not the other messages', async () => {
    await withStore(open, async (store) => {
      await store.events.create(anEvent({ sequence: 0 }));
      await store.outbox.add([aMessage('event-change-a-1')]);
      const error = await rejectionOf(store.events.update(moved(1), { sequence: 0 }, { mail: [aMessage('event-change-b-1'), aMessage('event-change-a-1')] }));
      expect(error).toBeInstanceOf(ConflictError);
      expect(await store.events.get('summer-regatta')).toEqual(anEvent({ sequence: 0 }));
      expect((await store.outbox.list()).map((m) => m.id)).toEqual(['event-change-a-1']);
    });
  });

  it('of two saves at once from the same read, one is written with its messages; the other writes neither', async () => {
    await withStore(open, async (store) => {
      await store.events.create(anEvent({ sequence: 0 }));
      const outcomes = await Promise.all([
        store.events.update(moved(1), { sequence: 0 }, { mail: [aMessage('first-a'), aMessage('first-b')] }),
        store.other.update({ ...moved(1), eventdatetime: '2026-07-12T09:00:00.000Z' }, { sequence: 0 }, { mail: [aMessage('second-a'), aMessage('second-b')] }),
      ]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const winner = outcomes[0] ? 'first' : 'second';
      expect((await store.outbox.list()).map((m) => m.id).sort()).toEqual([`${winner}-a`, `${winner}-b`]);
      expect((await store.events.get('summer-regatta'))?.eventdatetime).toBe(winner === 'first' ? '2026-07-11T09:00:00.000Z' : '2026-07-12T09:00:00.000Z');
    });
  });
});

describe('EventRepository.update with mail from two connections on one Firestore emulator', () => {
  it('of saves racing from two connections one wins, and only its messages are written', async () => {
    await onTwoClients(firestore, async (db, second) => {
      const one = new FirestoreEventRepository(db);
      const two = new FirestoreEventRepository(second);
      await one.create(anEvent({ sequence: 0 }));
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 === 0 ? one : two).update({ ...moved(1), name: `Save ${i}` }, { sequence: 0 }, { mail: [aMessage(`save-${i}-a`), aMessage(`save-${i}-b`)] }),
        ),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const winner = outcomes.indexOf(true);
      expect((await new FirestoreOutbox(db).list()).map((m) => m.id).sort()).toEqual([`save-${winner}-a`, `save-${winner}-b`]);
      expect((await one.get('summer-regatta'))?.name).toBe(`Save ${winner}`);
    });
  });
});
