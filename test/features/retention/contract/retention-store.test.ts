import { FirestoreAttendanceStore } from '../../../../adapters/firestore/firestore-attendance-store';
import { MemoryAttendanceStore } from '../../../../adapters/memory/memory-attendance-store';
import { SqliteAttendanceStore } from '../../../../adapters/sqlite/sqlite-attendance-store';
import { FirestoreAuditLog } from '../../../../adapters/firestore/firestore-audit-log';
import { FirestoreBookingRepository } from '../../../../adapters/firestore/firestore-booking-repository';
import { FirestoreEventRepository } from '../../../../adapters/firestore/firestore-event-repository';
import { FirestoreLoginAttemptStore } from '../../../../adapters/firestore/firestore-login-attempt-store';
import { FirestoreMemberRepository } from '../../../../adapters/firestore/firestore-member-repository';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { FirestoreRetentionStore } from '../../../../adapters/firestore/firestore-retention-store';
import { FirestoreDutyRepository } from '../../../../adapters/firestore/firestore-duty-repository';
import { FirestoreDutySwapRepository } from '../../../../adapters/firestore/firestore-duty-swap-repository';
import { FirestoreWaitingList } from '../../../../adapters/firestore/firestore-waiting-list';
import { FirestoreWorkDayRepository } from '../../../../adapters/firestore/firestore-work-day-repository';
import { MemoryDutyRepository } from '../../../../adapters/memory/memory-duty-repository';
import { MemoryDutySwapRepository } from '../../../../adapters/memory/memory-duty-swap-repository';
import { MemoryWaitingList } from '../../../../adapters/memory/memory-waiting-list';
import { MemoryWorkDayRepository } from '../../../../adapters/memory/memory-work-day-repository';
import { SqliteDutyRepository } from '../../../../adapters/sqlite/sqlite-duty-repository';
import { SqliteDutySwapRepository } from '../../../../adapters/sqlite/sqlite-duty-swap-repository';
import { SqliteWaitingList } from '../../../../adapters/sqlite/sqlite-waiting-list';
import { SqliteWorkDayRepository } from '../../../../adapters/sqlite/sqlite-work-day-repository';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { MemoryBookingRepository } from '../../../../adapters/memory/memory-booking-repository';
import { MemoryEventRepository } from '../../../../adapters/memory/memory-event-repository';
import { MemoryLoginAttemptStore } from '../../../../adapters/memory/memory-login-attempt-store';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemoryRetentionStore } from '../../../../adapters/memory/memory-retention-store';
import { SqliteAuditLog } from '../../../../adapters/sqlite/sqlite-audit-log';
import { SqliteBookingRepository } from '../../../../adapters/sqlite/sqlite-booking-repository';
import { SqliteEventRepository } from '../../../../adapters/sqlite/sqlite-event-repository';
import { SqliteLoginAttemptStore } from '../../../../adapters/sqlite/sqlite-login-attempt-store';
import { SqliteMemberRepository } from '../../../../adapters/sqlite/sqlite-member-repository';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import { SqliteRetentionStore } from '../../../../adapters/sqlite/sqlite-retention-store';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { describeRetentionStoreContract, type RetentionFixture } from './retention-store.contract';

describeRetentionStoreContract(
  'MemoryRetentionStore',
  async () => {
    const outbox = new MemoryOutbox();
    const audit = new MemoryAuditLog();
    const events = new MemoryEventRepository({ outbox });
    const bookings = new MemoryBookingRepository(outbox, audit);
    const duties = new MemoryDutyRepository();
    const members = new MemoryMemberRepository({ duties, outbox });
    const loginAttempts = new MemoryLoginAttemptStore();
    const waitingList = new MemoryWaitingList(outbox, audit);
    const workDays = new MemoryWorkDayRepository(outbox);
    const dutySwaps = new MemoryDutySwapRepository(duties);
    const attendance = new MemoryAttendanceStore();
    const retention = new MemoryRetentionStore({ events, bookings, members, outbox, loginAttempts, audit, waitingList, workDays, duties, dutySwaps, attendance });
    const adapter: RetentionFixture = { retention, events, bookings, members, outbox, loginAttempts, audit, waitingList, workDays, duties, dutySwaps, attendance };
    return { adapter, close: async () => {} };
  },
  { runs: 25 },
);

describeRetentionStoreContract(
  'SqliteRetentionStore',
  async () => {
    const { db, close } = await openTempSqlite('kyc-retention-');
    const adapter: RetentionFixture = {
      retention: new SqliteRetentionStore(db),
      events: new SqliteEventRepository(db),
      bookings: new SqliteBookingRepository(db),
      members: new SqliteMemberRepository(db),
      outbox: new SqliteOutbox(db),
      loginAttempts: new SqliteLoginAttemptStore(db),
      audit: new SqliteAuditLog(db),
      waitingList: new SqliteWaitingList(db),
      workDays: new SqliteWorkDayRepository(db),
      duties: new SqliteDutyRepository(db),
      dutySwaps: new SqliteDutySwapRepository(db),
      attendance: new SqliteAttendanceStore(db),
    };
    return { adapter, close };
  },
  { runs: 10 },
);

// One emulator for the file; every fixture starts from an empty database.
const running = useFirestoreEmulator();

describeRetentionStoreContract(
  'FirestoreRetentionStore',
  async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const adapter: RetentionFixture = {
      retention: new FirestoreRetentionStore(db),
      events: new FirestoreEventRepository(db),
      bookings: new FirestoreBookingRepository(db),
      members: new FirestoreMemberRepository(db),
      outbox: new FirestoreOutbox(db),
      loginAttempts: new FirestoreLoginAttemptStore(db),
      audit: new FirestoreAuditLog(db),
      waitingList: new FirestoreWaitingList(db),
      workDays: new FirestoreWorkDayRepository(db),
      duties: new FirestoreDutyRepository(db),
      dutySwaps: new FirestoreDutySwapRepository(db),
      attendance: new FirestoreAttendanceStore(db),
    };
    return { adapter, close: async () => {} };
  },
  { runs: 4 },
);
