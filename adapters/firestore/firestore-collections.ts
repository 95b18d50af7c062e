import { FieldPath, type CollectionReference, type Firestore, type OrderByDirection, type Query } from 'firebase-admin/firestore';

/** The collections this app keeps in Firestore, by their name without a prefix. */
export const FIRESTORE_COLLECTIONS = [
  'events',
  /** Event series (FirestoreEventRepository): one document per series; its dates are events naming it. */
  'eventSeries',
  'bookings',
  'admins',
  'credentials',
  'sessions',
  'loginFailures',
  'workDays',
  'workDaySignups',
  'documents',
  'campaigns',
  'waterLevels',
  'files',
  'photos',
  'sitePages',
  /** One document per member: the people of their household (FirestoreHouseholdRepository). */
  'households',
  'members',
  /**
   * Duty rosters (FirestoreDutyRepository, ADR 0039): the catalogue, members' qualifications, the
   * events' duty slots with their holders, and the swap requests (FirestoreDutySwapRepository).
   */
  'dutyCatalogue',
  'memberQualifications',
  'dutySlots',
  'dutySwaps',
  /** Check-in (FirestoreAttendanceStore): one attendance record per booking. */
  'attendance',
  /** Membership (FirestoreMembershipRepository): the categories, and the settings' one document. */
  'membershipCategories',
  'membershipSettings',
  /**
   * Membership orders (FirestoreMembershipOrderRepository): what renewal and joining payments
   * buy, one document per order, open, paid, refunded or cancelled.
   */
  'membershipOrders',
  /** Applications to join the club (FirestoreMembershipApplicationRepository), one document per application. */
  'membershipApplications',
] as const;
/**
 * The working state of the rate limits (sign-in guards, booking counters and holds): short-lived,
 * rebuilt by use, so neither counted nor copied by migrate-storage.
 */
export const FIRESTORE_LIMIT_COLLECTIONS = ['loginAttemptGuards', 'addressLimits'] as const;
/**
 * Kept from the data beside them, in the same transactions (each event's places ledger, one
 * document per booking reference that makes it unique, and one per member listing the duties
 * they hold, ADR 0039): not counted or copied by migrate-storage, which builds them as it copies
 * the bookings and the duty slots' holders.
 */
export const FIRESTORE_DERIVED_COLLECTIONS = ['placesLedgers', 'placesLedgerShards', 'bookingReferences', 'dutyMembers'] as const;
/**
 * The outbox of e-mails to members: working state of the senders, not copied by migrate-storage
 * (let the old deployment's senders empty it, or read it there, before moving).
 */
export const FIRESTORE_MAIL_COLLECTIONS = ['outbox'] as const;
/**
 * The append-only audit log: one document per entry, never changed. Not copied by migrate-storage
 * (export it with the provider's tools to keep it when moving).
 */
export const FIRESTORE_AUDIT_COLLECTIONS = ['auditLog'] as const;
/**
 * The scheduled jobs (FirestoreJobQueue): working state of the runners, not copied by
 * migrate-storage (the new deployment's runner schedules its recurring work again).
 */
export const FIRESTORE_JOB_COLLECTIONS = ['jobs'] as const;
/**
 * Password-reset tokens (hashes only), alive for an hour: not counted or copied by migrate-storage
 * (an admin asks for a new link after moving).
 */
export const FIRESTORE_TOKEN_COLLECTIONS = ['passwordResetTokens'] as const;
/**
 * Members' sign-in: codes (hashes only, alive 10 minutes), member sessions (hashes only) and
 * passkeys (public keys) with their ceremonies' challenges (hashes, alive 5 minutes). Not counted or copied by migrate-storage: members sign in again after
 * moving, with a code, and add their passkeys again.
 */
export const FIRESTORE_MEMBER_SIGN_IN_COLLECTIONS = ['signInCodes', 'memberSessions', 'passkeys', 'passkeyChallenges'] as const;
/**
 * The events' waiting lists (FirestoreWaitingList): the entries, and one document per event that
 * every join writes (so two joins of one event never both pass the one-entry-per-address check).
 * Short-lived beside their events: not copied by migrate-storage.
 */
export const FIRESTORE_WAITING_LIST_COLLECTIONS = ['waitlistEntries', 'waitlistLines'] as const;
/**
 * The go/no-go's records (FirestoreConditionsRepository): the club's limits, the last forecast and
 * each event's kind and decisions. Not copied by migrate-storage: docs/conditions.md says to
 * enter the limits again after moving (the forecast is fetched again within the hour).
 */
export const FIRESTORE_CONDITIONS_COLLECTIONS = ['conditions'] as const;

/**
 * Members' private calendar feeds (FirestoreMemberCalendarFeedRepository): one secret per member.
 * Not copied by migrate-storage: after moving, a member makes a new feed address on My club.
 */
export const FIRESTORE_MEMBER_FEED_COLLECTIONS = ['memberCalendarFeeds'] as const;
/**
 * Members' availability and duty wishes (FirestoreAvailabilityRepository): one document per member
 * and season. Not copied by migrate-storage: a season's marks are short-lived, and members mark
 * them again on My club after moving (docs/duties.md).
 */
export const FIRESTORE_AVAILABILITY_COLLECTIONS = ['memberAvailability'] as const;
/**
 * Check-in's mark keys (FirestoreAttendanceStore): one document per mark key applied, so a mark
 * sent again is applied once. Working state: not copied by migrate-storage, which copies the
 * attendance records with their versions (a mark sent again after the copy is then a conflict,
 * never applied twice). The officer's walk-ins (`walkIns`, one document per walk-in) are kept
 * for the day's sheet and not copied either (docs/officer-of-the-day.md#walk-ins).
 */
export const FIRESTORE_ATTENDANCE_COLLECTIONS = ['attendanceMarks', 'walkIns'] as const;
/**
 * Announcements to an event's people (FirestoreAnnouncementRepository): one document per
 * announcement. Of the day, like the outbox that holds their e-mails: not copied by migrate-storage.
 */
export const FIRESTORE_ANNOUNCEMENT_COLLECTIONS = ['announcements'] as const;
/**
 * The retention run's marks (FirestoreRetentionStore): per kind, the last record it has dealt with,
 * so each night reads only what it has not seen. Working state: not copied by migrate-storage.
 */
export const FIRESTORE_RETENTION_COLLECTIONS = ['retentionMarks'] as const;
/**
 * Households of several members (FirestoreHouseholdRepository): one document per member naming
 * their household (the members themselves are in the household's document), and the contacts'
 * invitations waiting. migrate-storage writes the members and the invitations through the port,
 * with the households (docs/members-households.md).
 */
export const FIRESTORE_HOUSEHOLD_MEMBER_COLLECTIONS = ['householdMembers', 'householdInvitations'] as const;
/**
 * Sub-collections: `files/{key}/chunks` holds the files' bytes (FirestoreFileStore). Counted and
 * copied with their files.
 */
export const FIRESTORE_SUBCOLLECTIONS = ['chunks'] as const;
export type FirestoreDataCollectionName = (typeof FIRESTORE_COLLECTIONS)[number];
export type FirestoreCollectionName =
  | FirestoreDataCollectionName
  | (typeof FIRESTORE_LIMIT_COLLECTIONS)[number]
  | (typeof FIRESTORE_DERIVED_COLLECTIONS)[number]
  | (typeof FIRESTORE_MAIL_COLLECTIONS)[number]
  | (typeof FIRESTORE_AUDIT_COLLECTIONS)[number]
  | (typeof FIRESTORE_JOB_COLLECTIONS)[number]
  | (typeof FIRESTORE_TOKEN_COLLECTIONS)[number]
  | (typeof FIRESTORE_MEMBER_SIGN_IN_COLLECTIONS)[number]
  | (typeof FIRESTORE_WAITING_LIST_COLLECTIONS)[number]
  | (typeof FIRESTORE_CONDITIONS_COLLECTIONS)[number]
  | (typeof FIRESTORE_MEMBER_FEED_COLLECTIONS)[number]
  | (typeof FIRESTORE_AVAILABILITY_COLLECTIONS)[number]
  | (typeof FIRESTORE_ATTENDANCE_COLLECTIONS)[number]
  | (typeof FIRESTORE_ANNOUNCEMENT_COLLECTIONS)[number]
  | (typeof FIRESTORE_RETENTION_COLLECTIONS)[number]
  | (typeof FIRESTORE_HOUSEHOLD_MEMBER_COLLECTIONS)[number];

/** Options every Firestore adapter takes. */
export interface FirestoreCollectionOptions {
  /**
   * Put before every collection name ('staging_' gives 'staging_events'), so that several
   * copies of the app, or several test runs, can share one project without seeing each other.
   */
  collectionPrefix?: string;
}

const PREFIX_PATTERN = /^[A-Za-z0-9_-]*$/;

/** The collection of this name, with the configured prefix. */
export function collectionOf(db: Firestore, name: FirestoreCollectionName, options: FirestoreCollectionOptions = {}): CollectionReference {
  const prefix = options.collectionPrefix ?? '';
  // A slash would silently turn the name into a path into some other collection's documents.
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new Error(`Firestore collection prefix may hold only letters, digits, _ and - (got "${prefix}")`);
  }
  return db.collection(`${prefix}${name}`);
}

/**
 * `query` ordered by `field`, then by document id: documents that tie on the field keep one order
 * however often the query runs, so lists do not shuffle and a page starts after the right one.
 */
export function orderedBy(query: Query, field: string, direction: OrderByDirection = 'asc'): Query {
  return query.orderBy(field, direction).orderBy(FieldPath.documentId(), 'asc');
}

/**
 * An adapter whose documents live in one of the app's collections, `collectionName`, with the
 * configured prefix. It takes what every Firestore adapter takes: the database and the options.
 */
export abstract class FirestoreCollectionAdapter {
  protected abstract readonly collectionName: FirestoreCollectionName;

  constructor(
    protected readonly db: Firestore,
    protected readonly options: FirestoreCollectionOptions = {},
  ) {}

  protected get collection(): CollectionReference {
    return collectionOf(this.db, this.collectionName, this.options);
  }
}
