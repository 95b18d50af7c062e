import { describe, expect, it } from 'vitest';
import { FirestoreAuditLog } from '../../../../adapters/firestore/firestore-audit-log';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { FirestoreWaitingList } from '../../../../adapters/firestore/firestore-waiting-list';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemoryWaitingList } from '../../../../adapters/memory/memory-waiting-list';
import { SqliteAuditLog } from '../../../../adapters/sqlite/sqlite-audit-log';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import { SqliteWaitingList } from '../../../../adapters/sqlite/sqlite-waiting-list';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { aMessage } from '../../mail/contract/outbox.contract';
import { anEntry, describeWaitingListContract, type WaitingListStores } from './waiting-list.contract';
import type { AdapterFactory } from '../../../support/contract/storage-fixtures';
import { openTempSqlite, tempSqlite } from '../../../support/temp-sqlite';

const firestore = useFirestoreEmulator();

const onMemory: AdapterFactory<WaitingListStores> = async () => {
  const outbox = new MemoryOutbox();
  const audit = new MemoryAuditLog();
  return { adapter: { list: new MemoryWaitingList(outbox, audit), outbox, audit }, close: async () => {} };
};

const onSqlite: AdapterFactory<WaitingListStores> = async () => {
  const { db, close } = await openTempSqlite('kyc-waitlist-');
  return { adapter: { list: new SqliteWaitingList(db), outbox: new SqliteOutbox(db), audit: new SqliteAuditLog(db) }, close };
};

const onFirestore: AdapterFactory<WaitingListStores> = async () => {
  const { emulator, db } = firestore();
  await emulator.reset();
  return { adapter: { list: new FirestoreWaitingList(db), outbox: new FirestoreOutbox(db), audit: new FirestoreAuditLog(db) }, close: async () => {} };
};

describeWaitingListContract('MemoryWaitingList', onMemory);
describeWaitingListContract('SqliteWaitingList', onSqlite);
describeWaitingListContract('FirestoreWaitingList', onFirestore);

describe('joins with one address from two server instances', () => {
  it('SQLite: an entry made through one connection refuses the same address through another', async () => {
    // better-sqlite3 waits for the lock synchronously, so two connections of one process cannot
    // race here; the write lock that serialises them is the one every write transaction takes.
    const sqlite = tempSqlite('kyc-waitlist-');
    const first = await sqlite.open();
    const second = await sqlite.open();
    try {
      expect(await new SqliteWaitingList(first).join(anEntry('r1', { email: 'race@example.org' }), [aMessage('m1', 0, 'r1')])).toBe(true);
      expect(await new SqliteWaitingList(second).join(anEntry('r2', { email: 'Race@example.org' }), [aMessage('m2', 0, 'r2')])).toBe(false);
      expect(await new SqliteOutbox(second).list()).toHaveLength(1);
    } finally {
      await sqlite.close();
    }
  });

  it('Firestore: two connections to one emulator add one entry', async () => {
    await onTwoClients(firestore, async (db, second) => {
      const lists = [new FirestoreWaitingList(db), new FirestoreWaitingList(second)];
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => lists[i % 2].join(anEntry(`r${i}`, { email: 'race@example.org' }), [aMessage(`m${i}`, 0, `r${i}`)])),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await lists[1].listByEvent('event-1')).toHaveLength(1);
      expect(await new FirestoreOutbox(db).list()).toHaveLength(1);
    });
  });
});
