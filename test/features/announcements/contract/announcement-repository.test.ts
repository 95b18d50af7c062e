import { FirestoreAnnouncementRepository } from '../../../../adapters/firestore/firestore-announcement-repository';
import { FirestoreAuditLog } from '../../../../adapters/firestore/firestore-audit-log';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { FirestorePushOutbox } from '../../../../adapters/firestore/firestore-push-outbox';
import { MemoryAnnouncementRepository } from '../../../../adapters/memory/memory-announcement-repository';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemoryPushOutbox } from '../../../../adapters/memory/memory-push-outbox';
import { SqliteAnnouncementRepository } from '../../../../adapters/sqlite/sqlite-announcement-repository';
import { SqliteAuditLog } from '../../../../adapters/sqlite/sqlite-audit-log';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import { SqlitePushOutbox } from '../../../../adapters/sqlite/sqlite-push-outbox';
import type { AdapterFactory } from '../../../support/contract/storage-fixtures';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { describeAnnouncementRepositoryContract, type AnnouncementStores } from './announcement-repository.contract';

const firestore = useFirestoreEmulator();

const onMemory: AdapterFactory<AnnouncementStores> = async () => {
  const outbox = new MemoryOutbox();
  const audit = new MemoryAuditLog();
  const pushOutbox = new MemoryPushOutbox();
  return { adapter: { announcements: new MemoryAnnouncementRepository(outbox, audit, pushOutbox), outbox, audit, pushOutbox }, close: async () => {} };
};

const onSqlite: AdapterFactory<AnnouncementStores> = async () => {
  const { db, close } = await openTempSqlite('kyc-announcements-');
  return {
    adapter: {
      announcements: new SqliteAnnouncementRepository(db),
      outbox: new SqliteOutbox(db),
      audit: new SqliteAuditLog(db),
      pushOutbox: new SqlitePushOutbox(db),
    },
    close,
  };
};

const onFirestore: AdapterFactory<AnnouncementStores> = async () => {
  const { emulator, db } = firestore();
  await emulator.reset();
  return {
    adapter: {
      announcements: new FirestoreAnnouncementRepository(db),
      outbox: new FirestoreOutbox(db),
      audit: new FirestoreAuditLog(db),
      pushOutbox: new FirestorePushOutbox(db),
    },
    close: async () => {},
  };
};

describeAnnouncementRepositoryContract('MemoryAnnouncementRepository', onMemory);
describeAnnouncementRepositoryContract('SqliteAnnouncementRepository', onSqlite);
describeAnnouncementRepositoryContract('FirestoreAnnouncementRepository', onFirestore);
