import type { Firestore } from 'firebase-admin/firestore';
import type { Knex } from 'knex';
import { firestoreRepositories } from '../../adapters/firestore/firestore-storage';
import { MemoryAddressLimitStore } from '../../adapters/memory/memory-address-limit-store';
import { MemoryAdminRepository } from '../../adapters/memory/memory-admin-repository';
import { MemoryAttendanceStore } from '../../adapters/memory/memory-attendance-store';
import { MemoryAuditLog } from '../../adapters/memory/memory-audit-log';
import { MemoryBookingRepository } from '../../adapters/memory/memory-booking-repository';
import { MemoryCampaignRepository } from '../../adapters/memory/memory-campaign-repository';
import { MemoryConditionsRepository } from '../../adapters/memory/memory-conditions-repository';
import { MemoryCredentialRepository } from '../../adapters/memory/memory-credential-repository';
import { MemoryDocumentRepository } from '../../adapters/memory/memory-document-repository';
import { MemoryDutyRepository } from '../../adapters/memory/memory-duty-repository';
import { MemoryDutySwapRepository } from '../../adapters/memory/memory-duty-swap-repository';
import { MemoryEventRepository } from '../../adapters/memory/memory-event-repository';
import { MemoryHouseholdRepository } from '../../adapters/memory/memory-household-repository';
import { MemoryLoginAttemptStore } from '../../adapters/memory/memory-login-attempt-store';
import { MemoryMemberCalendarFeedRepository } from '../../adapters/memory/memory-member-calendar-feed-repository';
import { MemoryAvailabilityRepository } from '../../adapters/memory/memory-availability-repository';
import { MemoryMemberRepository } from '../../adapters/memory/memory-member-repository';
import { MemoryMembershipOrderRepository } from '../../adapters/memory/memory-membership-order-repository';
import { MemoryMembershipApplicationRepository } from '../../adapters/memory/memory-membership-application-repository';
import { MemoryMemberSessionRepository } from '../../adapters/memory/memory-member-session-repository';
import { MemoryOutbox } from '../../adapters/memory/memory-outbox';
import { MemoryPushOutbox } from '../../adapters/memory/memory-push-outbox';
import { MemoryPushSubscriptionRepository } from '../../adapters/memory/memory-push-subscription-repository';
import { MemoryPasskeyChallengeRepository } from '../../adapters/memory/memory-passkey-challenge-repository';
import { MemoryPasskeyRepository } from '../../adapters/memory/memory-passkey-repository';
import { MemoryRetentionStore } from '../../adapters/memory/memory-retention-store';
import { MemoryJobQueue } from '../../adapters/memory/memory-job-queue';
import { MemoryFileStore } from '../../adapters/memory/memory-file-store';
import { MemorySearchIndex } from '../../adapters/memory/memory-search-index';
import { MemoryPhotoRepository } from '../../adapters/memory/memory-photo-repository';
import { MemorySessionRepository } from '../../adapters/memory/memory-session-repository';
import { MemorySignInCodeRepository } from '../../adapters/memory/memory-sign-in-code-repository';
import { MemorySitePageRepository } from '../../adapters/memory/memory-site-page-repository';
import { MemoryMembershipRepository } from '../../adapters/memory/memory-membership-repository';
import { MemoryWaitingList } from '../../adapters/memory/memory-waiting-list';
import { MemoryWaterLevelRepository } from '../../adapters/memory/memory-water-level-repository';
import { MemoryWorkDayRepository } from '../../adapters/memory/memory-work-day-repository';
import { SqliteAddressLimitStore } from '../../adapters/sqlite/sqlite-address-limit-store';
import { SqliteAdminRepository } from '../../adapters/sqlite/sqlite-admin-repository';
import { SqliteAttendanceStore } from '../../adapters/sqlite/sqlite-attendance-store';
import { SqliteAuditLog } from '../../adapters/sqlite/sqlite-audit-log';
import { SqliteBookingRepository } from '../../adapters/sqlite/sqlite-booking-repository';
import { SqliteCampaignRepository } from '../../adapters/sqlite/sqlite-campaign-repository';
import { SqliteConditionsRepository } from '../../adapters/sqlite/sqlite-conditions-repository';
import { SqliteCredentialRepository } from '../../adapters/sqlite/sqlite-credential-repository';
import { SqliteDocumentRepository } from '../../adapters/sqlite/sqlite-document-repository';
import { SqliteDutyRepository } from '../../adapters/sqlite/sqlite-duty-repository';
import { SqliteDutySwapRepository } from '../../adapters/sqlite/sqlite-duty-swap-repository';
import { SqliteEventRepository } from '../../adapters/sqlite/sqlite-event-repository';
import { SqliteHouseholdRepository } from '../../adapters/sqlite/sqlite-household-repository';
import { SqliteJobQueue } from '../../adapters/sqlite/sqlite-job-queue';
import { SqliteLoginAttemptStore } from '../../adapters/sqlite/sqlite-login-attempt-store';
import { SqliteMemberCalendarFeedRepository } from '../../adapters/sqlite/sqlite-member-calendar-feed-repository';
import { SqliteAvailabilityRepository } from '../../adapters/sqlite/sqlite-availability-repository';
import { SqliteMemberRepository } from '../../adapters/sqlite/sqlite-member-repository';
import { SqliteMembershipOrderRepository } from '../../adapters/sqlite/sqlite-membership-order-repository';
import { SqliteMembershipApplicationRepository } from '../../adapters/sqlite/sqlite-membership-application-repository';
import { SqliteMemberSessionRepository } from '../../adapters/sqlite/sqlite-member-session-repository';
import { SqliteOutbox } from '../../adapters/sqlite/sqlite-outbox';
import { SqlitePushOutbox } from '../../adapters/sqlite/sqlite-push-outbox';
import { SqlitePushSubscriptionRepository } from '../../adapters/sqlite/sqlite-push-subscription-repository';
import { SqlitePasskeyChallengeRepository } from '../../adapters/sqlite/sqlite-passkey-challenge-repository';
import { SqlitePasskeyRepository } from '../../adapters/sqlite/sqlite-passkey-repository';
import { SqlitePasswordResetTokenRepository } from '../../adapters/sqlite/sqlite-password-reset-token-repository';
import { SqlitePersonalDataStore } from '../../adapters/sqlite/sqlite-personal-data-store';
import { SqlitePhotoRepository } from '../../adapters/sqlite/sqlite-photo-repository';
import { SqliteRetentionStore } from '../../adapters/sqlite/sqlite-retention-store';
import { SqliteSessionRepository } from '../../adapters/sqlite/sqlite-session-repository';
import { SqliteSignInCodeRepository } from '../../adapters/sqlite/sqlite-sign-in-code-repository';
import { SqliteSitePageRepository } from '../../adapters/sqlite/sqlite-site-page-repository';
import { SqliteMembershipRepository } from '../../adapters/sqlite/sqlite-membership-repository';
import { SqliteWaitingList } from '../../adapters/sqlite/sqlite-waiting-list';
import { SqliteWaterLevelRepository } from '../../adapters/sqlite/sqlite-water-level-repository';
import { SqliteWorkDayRepository } from '../../adapters/sqlite/sqlite-work-day-repository';
import type { StoragePorts } from '../../core/storage/storage-ports.port';
import type { AdapterFactory } from './contract/storage-fixtures';
import type { useFirestoreEmulator } from './firestore-emulator-for-file';
import { openTempSqlite } from './temp-sqlite';
import { MemoryAnnouncementRepository } from '../../adapters/memory/memory-announcement-repository';
import { SqliteAnnouncementRepository } from '../../adapters/sqlite/sqlite-announcement-repository';

// Each store under test, opened whole: a test takes the ports it is about from one opened store,
// so the ports it uses together share one storage, as the server's do (docs/architecture.md#tests).

/** Every repository the memory adapters provide, wired as one storage. */
export type MemoryStorage = ReturnType<typeof memoryStorage>;

/**
 * The memory adapters as one storage: the events' capacity check reads the bookings' ledger, a
 * booking the stored capacity; the rosters know the member list; what a change tells members goes
 * to the one outbox, what it logs to the one audit log.
 */
export function memoryStorage() {
  const outbox = new MemoryOutbox();
  const audit = new MemoryAuditLog();
  const duties = new MemoryDutyRepository();
  const events: MemoryEventRepository = new MemoryEventRepository({ placesTaken: (eventId, now) => bookings.placesTaken(eventId, now), outbox, duties });
  const bookings: MemoryBookingRepository = new MemoryBookingRepository(outbox, audit, (eventId) => events.capacityOf(eventId));
  const households = new MemoryHouseholdRepository();
  const members = new MemoryMemberRepository({ duties, outbox, households });
  const membershipOrders = new MemoryMembershipOrderRepository({ members, audit });
  const loginAttempts = new MemoryLoginAttemptStore();
  const waitingList = new MemoryWaitingList(outbox, audit);
  const workDays = new MemoryWorkDayRepository(outbox);
  const dutySwaps = new MemoryDutySwapRepository(duties, outbox);
  const attendance = new MemoryAttendanceStore();
  const pushOutbox = new MemoryPushOutbox();
  return {
    events,
    bookings,
    outbox,
    audit,
    duties,
    dutySwaps,
    members,
    membershipOrders,
    membershipApplications: new MemoryMembershipApplicationRepository(),
    loginAttempts,
    waitingList,
    workDays,
    attendance,
    jobs: new MemoryJobQueue(),
    /** The search index: on SQLite its tables, on Algolia apart from the storage. */
    search: new MemorySearchIndex(),
    files: new MemoryFileStore(),
    retention: new MemoryRetentionStore({ events, bookings, members, outbox, loginAttempts, audit, waitingList, workDays, duties, dutySwaps, attendance }),
    admins: new MemoryAdminRepository(),
    credentials: new MemoryCredentialRepository(),
    sessions: new MemorySessionRepository(),
    signInCodes: new MemorySignInCodeRepository(),
    memberSessions: new MemoryMemberSessionRepository(),
    passkeys: new MemoryPasskeyRepository(),
    passkeyChallenges: new MemoryPasskeyChallengeRepository(),
    addressLimits: new MemoryAddressLimitStore(),
    documents: new MemoryDocumentRepository(),
    campaigns: new MemoryCampaignRepository(),
    waterLevels: new MemoryWaterLevelRepository(),
    photos: new MemoryPhotoRepository(),
    sitePages: new MemorySitePageRepository(),
    membership: new MemoryMembershipRepository(),
    households,
    calendarFeeds: new MemoryMemberCalendarFeedRepository(),
    availability: new MemoryAvailabilityRepository(),
    conditions: new MemoryConditionsRepository(),
    announcements: new MemoryAnnouncementRepository(outbox, audit, pushOutbox),
    pushSubscriptions: new MemoryPushSubscriptionRepository(),
    pushOutbox,
  };
}

/** Every storage port on SQLite; files are kept on disk beside the database (DirectoryFileStore). */
export type SqliteStorage = ReturnType<typeof sqliteStorage>;

/** Every storage port on one SQLite database. */
export function sqliteStorage(db: Knex) {
  return {
    events: new SqliteEventRepository(db),
    bookings: new SqliteBookingRepository(db),
    admins: new SqliteAdminRepository(db),
    credentials: new SqliteCredentialRepository(db),
    sessions: new SqliteSessionRepository(db),
    signInCodes: new SqliteSignInCodeRepository(db),
    memberSessions: new SqliteMemberSessionRepository(db),
    passkeys: new SqlitePasskeyRepository(db),
    passkeyChallenges: new SqlitePasskeyChallengeRepository(db),
    resetTokens: new SqlitePasswordResetTokenRepository(db),
    loginAttempts: new SqliteLoginAttemptStore(db),
    addressLimits: new SqliteAddressLimitStore(db),
    workDays: new SqliteWorkDayRepository(db),
    documents: new SqliteDocumentRepository(db),
    campaigns: new SqliteCampaignRepository(db),
    waterLevels: new SqliteWaterLevelRepository(db),
    photos: new SqlitePhotoRepository(db),
    sitePages: new SqliteSitePageRepository(db),
    membership: new SqliteMembershipRepository(db),
    households: new SqliteHouseholdRepository(db),
    members: new SqliteMemberRepository(db),
    membershipOrders: new SqliteMembershipOrderRepository(db),
    membershipApplications: new SqliteMembershipApplicationRepository(db),
    calendarFeeds: new SqliteMemberCalendarFeedRepository(db),
    availability: new SqliteAvailabilityRepository(db),
    duties: new SqliteDutyRepository(db),
    dutySwaps: new SqliteDutySwapRepository(db),
    outbox: new SqliteOutbox(db),
    pushSubscriptions: new SqlitePushSubscriptionRepository(db),
    pushOutbox: new SqlitePushOutbox(db),
    audit: new SqliteAuditLog(db),
    jobs: new SqliteJobQueue(db),
    waitingList: new SqliteWaitingList(db),
    conditions: new SqliteConditionsRepository(db),
    personalData: new SqlitePersonalDataStore(db),
    attendance: new SqliteAttendanceStore(db),
    retention: new SqliteRetentionStore(db),
    announcements: new SqliteAnnouncementRepository(db),
  } satisfies Omit<StoragePorts, 'files'>;
}

/** A store opened for one test, and how to close it. */
export interface OpenedStore<S> {
  ports: S;
  close(): Promise<void>;
}

/** A fresh, empty memory storage; closing it has nothing to do. */
export async function openMemoryStore(): Promise<OpenedStore<MemoryStorage>> {
  return { ports: memoryStorage(), close: async () => {} };
}

/** Every SQLite port on a fresh database file in a temporary folder, removed at close. */
export async function openSqliteStore(prefix = 'kyc-storage-'): Promise<OpenedStore<SqliteStorage> & { db: Knex }> {
  const { db, close } = await openTempSqlite(prefix);
  return { db, ports: sqliteStorage(db), close };
}

/** Every Firestore port on the file's emulator, emptied first; the client stays the file's. */
export function firestoreStoreOn(firestore: ReturnType<typeof useFirestoreEmulator>): () => Promise<OpenedStore<StoragePorts> & { db: Firestore }> {
  return async () => {
    const { emulator, db } = firestore();
    await emulator.reset();
    return { db, ports: firestoreRepositories(db), close: async () => {} };
  };
}

/**
 * A contract suite's adapter factory from a store: `adapterOf(openSqliteStore, (s) => s.events)`
 * gives each test the events of a fresh SQLite store.
 */
export function adapterOf<S, T>(open: () => Promise<OpenedStore<S>>, pick: (ports: S) => T): AdapterFactory<T> {
  return async () => {
    const store = await open();
    return { adapter: pick(store.ports), close: () => store.close() };
  };
}

/** The ports every store under test provides (memory has no reset tokens or personal-data store, SQLite keeps files apart). */
export type SharedPorts = Omit<StoragePorts, 'files' | 'resetTokens' | 'personalData'>;

/** A store under test: its name in the test titles, and how to open it whole and empty. */
export type StoreUnderTest = [name: string, open: () => Promise<SharedPorts & { close(): Promise<void> }>];

/**
 * Each store under test: memory, SQLite on a fresh temporary file (its folder named by
 * `sqlitePrefix`), and Firestore on the file's emulator, emptied.
 */
export function storesUnderTest(firestore: ReturnType<typeof useFirestoreEmulator>, sqlitePrefix?: string): StoreUnderTest[] {
  const flat = async <S>(opened: Promise<OpenedStore<S>>) => {
    const store = await opened;
    return { ...store.ports, close: () => store.close() };
  };
  return [
    ['memory', () => flat(openMemoryStore())],
    ['SQLite', () => flat(openSqliteStore(sqlitePrefix))],
    ['Firestore emulator', () => flat(firestoreStoreOn(firestore)())],
  ];
}
