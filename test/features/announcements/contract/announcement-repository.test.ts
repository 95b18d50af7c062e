import { FirestoreAnnouncementRepository } from '../../../../adapters/firestore/firestore-announcement-repository';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { MemoryAnnouncementRepository } from '../../../../adapters/memory/memory-announcement-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { SqliteAnnouncementRepository } from '../../../../adapters/sqlite/sqlite-announcement-repository';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import type { AdapterFactory } from '../../../support/contract/storage-fixtures';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { describeAnnouncementRepositoryContract, type AnnouncementStores } from './announcement-repository.contract';

const firestore = useFirestoreEmulator();

const onMemory: AdapterFactory<AnnouncementStores> = async () => {
  const outbox = new MemoryOutbox();
  return { adapter: { announcements: new MemoryAnnouncementRepository(outbox), outbox }, close: async () => {} };
};

const onSqlite: AdapterFactory<AnnouncementStores> = async () => {
  const { db, close } = await openTempSqlite('kyc-announcements-');
  return { adapter: { announcements: new SqliteAnnouncementRepository(db), outbox: new SqliteOutbox(db) }, close };
};

const onFirestore: AdapterFactory<AnnouncementStores> = async () => {
  const { emulator, db } = firestore();
  await emulator.reset();
  return { adapter: { announcements: new FirestoreAnnouncementRepository(db), outbox: new FirestoreOutbox(db) }, close: async () => {} };
};

describeAnnouncementRepositoryContract('MemoryAnnouncementRepository', onMemory);
describeAnnouncementRepositoryContract('SqliteAnnouncementRepository', onSqlite);
describeAnnouncementRepositoryContract('FirestoreAnnouncementRepository', onFirestore);
