import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { adapterOf, firestoreStoreOn, openMemoryStore, openSqliteStore } from '../../../support/stores';
import { describeRetentionStoreContract, type RetentionFixture } from './retention-store.contract';

/** The retention store and the stores it counts and removes from: one storage's. */
const retentionOf = (ports: RetentionFixture): RetentionFixture => ports;

describeRetentionStoreContract('MemoryRetentionStore', adapterOf(openMemoryStore, retentionOf), { runs: 25 });

describeRetentionStoreContract(
  'SqliteRetentionStore',
  adapterOf(() => openSqliteStore('kyc-retention-'), retentionOf),
  { runs: 10 },
);

// One emulator for the file; every fixture starts from an empty database.
const running = useFirestoreEmulator();

describeRetentionStoreContract('FirestoreRetentionStore', adapterOf(firestoreStoreOn(running), retentionOf), { runs: 4 });
