import { FirestorePersonalDataStore } from './firestore-personal-data-store';
import { FirestoreRetentionStore } from './firestore-retention-store';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { FirestoreAddressLimitStore } from './firestore-address-limit-store';
import { FirestoreAdminRepository } from './firestore-admin-repository';
import { FirestoreBookingRepository } from './firestore-booking-repository';
import { FirestoreCampaignRepository } from './firestore-campaign-repository';
import { FirestoreAnnouncementRepository } from './firestore-announcement-repository';
import { FirestoreAttendanceStore } from './firestore-attendance-store';
import { FirestoreConditionsRepository } from './firestore-conditions-repository';
import { collectionOf, FIRESTORE_COLLECTIONS, type FirestoreCollectionOptions, type FirestoreDataCollectionName } from './firestore-collections';
import { FirestoreCredentialRepository } from './firestore-credential-repository';
import { FirestoreDocumentRepository } from './firestore-document-repository';
import { FirestoreEventRepository } from './firestore-event-repository';
import { FirestoreFileStore } from './firestore-file-store';
import { FirestoreLoginAttemptStore } from './firestore-login-attempt-store';
import { FirestoreSessionRepository } from './firestore-session-repository';
import { FirestoreMemberSessionRepository } from './firestore-member-session-repository';
import { FirestoreSignInCodeRepository } from './firestore-sign-in-code-repository';
import { FirestorePasskeyRepository } from './firestore-passkey-repository';
import { FirestorePasskeyChallengeRepository } from './firestore-passkey-challenge-repository';
import { FirestorePasswordResetTokenRepository } from './firestore-password-reset-token-repository';
import { FirestoreWaterLevelRepository } from './firestore-water-level-repository';
import { FirestoreSitePageRepository } from './firestore-site-page-repository';
import { FirestoreMembershipRepository } from './firestore-membership-repository';
import { FirestoreHouseholdRepository } from './firestore-household-repository';
import { FirestoreMemberCalendarFeedRepository } from './firestore-member-calendar-feed-repository';
import { FirestoreAvailabilityRepository } from './firestore-availability-repository';
import { FirestoreMemberRepository } from './firestore-member-repository';
import { FirestoreMembershipOrderRepository } from './firestore-membership-order-repository';
import { FirestoreMembershipApplicationRepository } from './firestore-membership-application-repository';
import { FirestoreDutyRepository } from './firestore-duty-repository';
import { FirestoreDutySwapRepository } from './firestore-duty-swap-repository';
import { FirestorePhotoRepository } from './firestore-photo-repository';
import { FirestoreWorkDayRepository } from './firestore-work-day-repository';
import { FirestoreOutbox } from './firestore-outbox';
import { FirestoreAuditLog } from './firestore-audit-log';
import { FirestoreJobQueue } from './firestore-job-queue';
import { FirestoreWaitingList } from './firestore-waiting-list';
import { grantPhasePermissions } from './firestore-permission-grants';
import type { StoragePorts } from '../../core/storage/storage-ports.port';

export interface FirestoreConnectionOptions {
  /** The Google Cloud / Firebase project that holds the database. */
  projectId: string;
  /**
   * A service-account key file (JSON). Without one the Google application default credentials
   * are used (GOOGLE_APPLICATION_CREDENTIALS, or the metadata server on Google Cloud). Not
   * needed for the emulator.
   */
  credentialsFile?: string;
}

/** Every storage port, on Firestore. */
export type FirestoreRepositories = StoragePorts;

export interface FirestoreStorage extends FirestoreRepositories {
  db: Firestore;
  /** Ends the connection; the repositories cannot be used afterwards. */
  close(): Promise<void>;
}

const apps = new WeakMap<Firestore, App>();
let opened = 0;

/**
 * Connects to the project's Firestore database. When FIRESTORE_EMULATOR_HOST is set (host:port)
 * the client talks to that emulator instead, without credentials. Close with `closeFirestore`.
 */
export function openFirestore(options: FirestoreConnectionOptions): Firestore {
  const projectId = options.projectId.trim();
  if (!projectId) throw new Error('A Firestore project id is required');
  const useEmulator = Boolean(process.env.FIRESTORE_EMULATOR_HOST);
  // Each connection is its own firebase-admin app, so that a process (a test, the migration)
  // may hold several and close each without touching the others.
  opened += 1;
  const app = initializeApp(
    { projectId, ...(options.credentialsFile && !useEmulator ? { credential: serviceAccount(options.credentialsFile) } : {}) },
    `kyc-firestore-${opened}`,
  );
  const db = getFirestore(app);
  apps.set(db, app);
  return db;
}

function serviceAccount(file: string) {
  try {
    return cert(file);
  } catch (error) {
    throw new Error(`${file} is not a readable service-account key file (JSON): ${(error as Error).message}`, { cause: error });
  }
}

/** Closes a connection made by `openFirestore`. */
export async function closeFirestore(db: Firestore): Promise<void> {
  const app = apps.get(db);
  apps.delete(db);
  if (app) await deleteApp(app);
  else await db.terminate();
}

/** Every repository on one Firestore database. */
export function firestoreRepositories(db: Firestore, options: FirestoreCollectionOptions = {}): FirestoreRepositories {
  // A bad prefix is a setting to fix before start, not an error of the first request.
  collectionOf(db, 'events', options);
  return {
    events: new FirestoreEventRepository(db, options),
    bookings: new FirestoreBookingRepository(db, options),
    admins: new FirestoreAdminRepository(db, options),
    credentials: new FirestoreCredentialRepository(db, options),
    sessions: new FirestoreSessionRepository(db, options),
    signInCodes: new FirestoreSignInCodeRepository(db, options),
    memberSessions: new FirestoreMemberSessionRepository(db, options),
    passkeys: new FirestorePasskeyRepository(db, options),
    passkeyChallenges: new FirestorePasskeyChallengeRepository(db, options),
    resetTokens: new FirestorePasswordResetTokenRepository(db, options),
    loginAttempts: new FirestoreLoginAttemptStore(db, options),
    addressLimits: new FirestoreAddressLimitStore(db, options),
    workDays: new FirestoreWorkDayRepository(db, options),
    documents: new FirestoreDocumentRepository(db, options),
    campaigns: new FirestoreCampaignRepository(db, options),
    waterLevels: new FirestoreWaterLevelRepository(db, options),
    photos: new FirestorePhotoRepository(db, options),
    sitePages: new FirestoreSitePageRepository(db, options),
    membership: new FirestoreMembershipRepository(db, options),
    households: new FirestoreHouseholdRepository(db, options),
    calendarFeeds: new FirestoreMemberCalendarFeedRepository(db, options),
    availability: new FirestoreAvailabilityRepository(db, options),
    members: new FirestoreMemberRepository(db, options),
    membershipOrders: new FirestoreMembershipOrderRepository(db, options),
    membershipApplications: new FirestoreMembershipApplicationRepository(db, options),
    duties: new FirestoreDutyRepository(db, options),
    dutySwaps: new FirestoreDutySwapRepository(db, options),
    outbox: new FirestoreOutbox(db, options),
    audit: new FirestoreAuditLog(db, options),
    jobs: new FirestoreJobQueue(db, options),
    waitingList: new FirestoreWaitingList(db, options),
    files: new FirestoreFileStore(db, options),
    conditions: new FirestoreConditionsRepository(db, options),
    personalData: new FirestorePersonalDataStore(db, options),
    attendance: new FirestoreAttendanceStore(db, options),
    announcements: new FirestoreAnnouncementRepository(db, options),
    retention: new FirestoreRetentionStore(db, options),
  };
}

/** How long the first read may take, by default, before start-up gives up on the database. */
const REACH_TIMEOUT_MS = 15_000;

/**
 * Opens Firestore and every repository on it, after one read that proves the database can be
 * reached with these settings: a wrong project, missing credentials or a stopped emulator fail
 * here, at start-up, with a message that says which, rather than at the first request.
 */
export async function openFirestoreStorage(
  options: FirestoreConnectionOptions & FirestoreCollectionOptions & { reachTimeoutMs?: number },
): Promise<FirestoreStorage> {
  const db = openFirestore(options);
  try {
    await withTimeout(collectionOf(db, 'events', options).limit(1).get(), options.reachTimeoutMs ?? REACH_TIMEOUT_MS);
  } catch (error) {
    await closeFirestore(db).catch(() => undefined);
    const where = process.env.FIRESTORE_EMULATOR_HOST
      ? `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
      : `Firestore of project "${options.projectId}"`;
    throw new Error(`Cannot read ${where}: ${(error as Error).message}`, { cause: error });
  }
  try {
    // What SQLite's migrations do at open: a phase's new permissions to the admins who manage admins, once.
    await grantPhasePermissions(db, options);
  } catch (error) {
    await closeFirestore(db).catch(() => undefined);
    throw error;
  }
  return { db, ...firestoreRepositories(db, options), close: () => closeFirestore(db) };
}

/** How many documents each of the app's collections holds. */
export async function countFirestoreDocuments(db: Firestore, options: FirestoreCollectionOptions = {}): Promise<Record<FirestoreDataCollectionName, number>> {
  const counts = await Promise.all(
    FIRESTORE_COLLECTIONS.map(async (name) => [name, (await collectionOf(db, name, options).count().get()).data().count] as const),
  );
  return Object.fromEntries(counts) as Record<FirestoreDataCollectionName, number>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
