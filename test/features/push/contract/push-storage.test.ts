import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { adapterOf, firestoreStoreOn, openMemoryStore, openSqliteStore } from '../../../support/stores';
import { describePushStorageContract, type PushStorage } from './push-storage.contract';

const pushOf = (ports: PushStorage): PushStorage => ports;

describePushStorageContract('Memory push storage', adapterOf(openMemoryStore, pushOf), { runs: 25 });

describePushStorageContract(
  'SQLite push storage',
  adapterOf(() => openSqliteStore('kyc-push-'), pushOf),
  { runs: 15 },
);

// One emulator for the file; every fixture starts from an empty database.
const running = useFirestoreEmulator();

describePushStorageContract('Firestore push storage', adapterOf(firestoreStoreOn(running), pushOf), { runs: 5 });
