import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { join } from 'node:path';
import type { FirebaseIdentityProvider } from '../adapters/firebase/firebase-identity-provider';
import type { Pseudonyms } from '../core/privacy/pseudonyms.port';
import type { SignInKeys } from '../core/member-sign-in/sign-in-keys.port';
import { SqliteRetentionStore } from '../adapters/sqlite/sqlite-retention-store';
import { LocalIdentityProvider } from '../adapters/local-identity/local-identity-provider';
import { MailerLiteCampaignSource } from '../adapters/mailerlite/mailerlite-campaign-source';
import { OpenMeteoConditionsSource } from '../adapters/open-meteo/open-meteo-conditions-source';
import { NoConditionsSource } from '../adapters/system/no-conditions-source';
import type { ConditionsSource } from '../core/conditions/conditions-source.port';
import { ScryptPasswordHasher } from '../adapters/node-crypto/scrypt-password-hasher';
import { HmacBookingLinks } from '../adapters/node-crypto/hmac-booking-links';
import { HmacPseudonyms } from '../adapters/node-crypto/hmac-pseudonyms';
import { HmacSignInKeys } from '../adapters/node-crypto/hmac-sign-in-keys';
import { SqliteAddressLimitStore } from '../adapters/sqlite/sqlite-address-limit-store';
import { SqliteAdminRepository } from '../adapters/sqlite/sqlite-admin-repository';
import { SqliteBookingRepository } from '../adapters/sqlite/sqlite-booking-repository';
import { SqliteCampaignRepository } from '../adapters/sqlite/sqlite-campaign-repository';
import { SqliteAttendanceStore } from '../adapters/sqlite/sqlite-attendance-store';
import { SqliteAnnouncementRepository } from '../adapters/sqlite/sqlite-announcement-repository';
import { SqliteConditionsRepository } from '../adapters/sqlite/sqlite-conditions-repository';
import { SqliteCredentialRepository } from '../adapters/sqlite/sqlite-credential-repository';
import { SqliteDocumentRepository } from '../adapters/sqlite/sqlite-document-repository';
import { SqliteEventRepository } from '../adapters/sqlite/sqlite-event-repository';
import { SqliteLoginAttemptStore } from '../adapters/sqlite/sqlite-login-attempt-store';
import { SqliteSearchIndex } from '../adapters/sqlite/sqlite-search-index';
import { SqliteSessionRepository } from '../adapters/sqlite/sqlite-session-repository';
import { SqlitePasswordResetTokenRepository } from '../adapters/sqlite/sqlite-password-reset-token-repository';
import { CryptoSecretTokens } from '../adapters/node-crypto/crypto-secret-tokens';
import type { SecretTokens } from '../core/shared/secret-tokens.port';
import { SqliteWaterLevelRepository } from '../adapters/sqlite/sqlite-water-level-repository';
import { SqliteSitePageRepository } from '../adapters/sqlite/sqlite-site-page-repository';
import { SqliteMembershipRepository } from '../adapters/sqlite/sqlite-membership-repository';
import { SqliteHouseholdRepository } from '../adapters/sqlite/sqlite-household-repository';
import { SqliteMemberCalendarFeedRepository } from '../adapters/sqlite/sqlite-member-calendar-feed-repository';
import { SqliteAvailabilityRepository } from '../adapters/sqlite/sqlite-availability-repository';
import { SqliteMemberRepository } from '../adapters/sqlite/sqlite-member-repository';
import { SqliteMembershipApplicationRepository } from '../adapters/sqlite/sqlite-membership-application-repository';
import { SqliteMembershipOrderRepository } from '../adapters/sqlite/sqlite-membership-order-repository';
import { SqliteDutyRepository } from '../adapters/sqlite/sqlite-duty-repository';
import { SqliteDutySwapRepository } from '../adapters/sqlite/sqlite-duty-swap-repository';
import { SqliteWorkDayRepository } from '../adapters/sqlite/sqlite-work-day-repository';
import { SqliteOutbox } from '../adapters/sqlite/sqlite-outbox';
import { SqliteWaitingList } from '../adapters/sqlite/sqlite-waiting-list';
import { SqliteAuditLog } from '../adapters/sqlite/sqlite-audit-log';
import { SqlitePersonalDataStore } from '../adapters/sqlite/sqlite-personal-data-store';
import { SqliteJobQueue } from '../adapters/sqlite/sqlite-job-queue';
import { MailOff, SmtpMailer } from '../adapters/smtp/smtp-mailer';
import { CryptoIdGenerator } from '../adapters/system/crypto-id-generator';
import { SystemClock } from '../adapters/system/system-clock';
import { TestPaymentGateway } from '../adapters/test-payments/test-payment-gateway';
import type { CampaignSource } from '../core/campaigns/campaign-source.port';
import type { Clock } from '../core/shared/clock.port';
import type { IdGenerator } from '../core/shared/id-generator.port';
import type { IdentityProvider } from '../core/admins/identity-provider.port';
import type { PasswordHasher } from '../core/admins/password-hasher.port';
import type { PaymentGateway } from '../core/payments/payment-gateway.port';
import type { SearchIndex } from '../core/search/search-index.port';
import type { Mailer } from '../core/mail/mailer.port';
import type { StoragePorts } from '../core/storage/storage-ports.port';
import { SqliteSignInCodeRepository } from '../adapters/sqlite/sqlite-sign-in-code-repository';
import { SqliteMemberSessionRepository } from '../adapters/sqlite/sqlite-member-session-repository';
import { SqlitePasskeyRepository } from '../adapters/sqlite/sqlite-passkey-repository';
import { SqlitePasskeyChallengeRepository } from '../adapters/sqlite/sqlite-passkey-challenge-repository';
import { SimpleWebAuthnPasskeyCeremony } from '../adapters/webauthn/simplewebauthn-passkey-ceremony';
import type { PasskeyCeremony } from '../core/member-sign-in/passkey-ceremony.port';
import { DirectoryFileStore } from '../adapters/system/directory-file-store';
import { SqlitePhotoRepository } from '../adapters/sqlite/sqlite-photo-repository';
import { SharpImageProcessor } from '../adapters/sharp/sharp-image-processor';
import { PdfLibPdfInspector } from '../adapters/pdf-lib/pdf-lib-pdf-inspector';
import type { PdfInspector } from '../core/documents/pdf-inspector.port';
import { HighsRotaSolver } from '../adapters/highs/highs-rota-solver';
import type { RotaSolver } from '../core/duty-rosters/rota-solver.port';
import type { ImageProcessor } from '../core/photos/image-processor.port';
import type { BookingLinks } from '../core/bookings/booking-links.port';
import type { AppConfig } from './config';
import { resolvePaymentSecrets } from './payment-secrets';

// The ports and the adapters the configuration picks for them: the one place that knows which
// adapter stands behind a port. server/container.ts binds these, then the feature modules'
// use cases (server/features/).

/** Every port the server needs; tests may replace any of them (a fixed clock, a fake gateway). */
export interface Adapters extends StoragePorts {
  clock: Clock;
  ids: IdGenerator;
  campaignSource: CampaignSource;
  /** The weather forecast for the club's position (CONDITIONS): Open-Meteo, or none. */
  conditionsSource: ConditionsSource;
  search: SearchIndex;
  payments: PaymentGateway;
  hasher: PasswordHasher;
  identity: IdentityProvider;
  mailer: Mailer;
  bookingLinks: BookingLinks;
  /** The waiting list's leave links: the same signing as bookingLinks, under another purpose. */
  waitingListLinks: BookingLinks;
  /** Waiting-list offers' booking links: the same signing again, under a third purpose. */
  offerLinks: BookingLinks;
  /** Work-day sign-ups' withdraw links: the same signing again, under the purpose 'workday-withdraw'. */
  workDayLinks: BookingLinks;
  /** The proof of the browser that booked, for its checkout's manage link: the same signing, under the purpose 'checkout-browser'. */
  checkoutLinks: BookingLinks;
  /** Renewal reminders' sign-in links: the same signing again, under the purpose 'renewal-sign-in'. */
  renewalLinks: BookingLinks;
  /** Stable pseudonyms for anonymised people in the audit log (HMAC under the manage-link secret). */
  pseudonyms: Pseudonyms;
  /** Members' code sign-in: the keys its limits count under and the codes of stored seeds (HMAC under the manage-link secret). */
  signInKeys: SignInKeys;
  secrets: SecretTokens;
  /** Reads and resizes the photos admins upload (sharp). */
  images: ImageProcessor;
  pdfs: PdfInspector;
  rotaSolver: RotaSolver;
  /** WebAuthn's checks of members' passkeys, for the relying party PUBLIC_BASE_URL names. */
  passkeyCeremony: PasskeyCeremony;
}

export type AdapterName = keyof Adapters;

/**
 * Every port, with the setting that chooses its adapter: the one list the identifiers, the
 * storage choice and the use cases' dependencies are made from.
 */
const PORTS = {
  clock: 'system',
  ids: 'system',
  hasher: 'system',
  events: 'STORAGE',
  bookings: 'STORAGE',
  admins: 'STORAGE',
  credentials: 'STORAGE',
  sessions: 'STORAGE',
  signInCodes: 'STORAGE',
  memberSessions: 'STORAGE',
  passkeys: 'STORAGE',
  passkeyChallenges: 'STORAGE',
  passkeyCeremony: 'PUBLIC_BASE_URL',
  loginAttempts: 'STORAGE',
  addressLimits: 'STORAGE',
  workDays: 'STORAGE',
  documents: 'STORAGE',
  campaigns: 'STORAGE',
  waterLevels: 'STORAGE',
  sitePages: 'STORAGE',
  membership: 'STORAGE',
  households: 'STORAGE',
  calendarFeeds: 'STORAGE',
  availability: 'STORAGE',
  members: 'STORAGE',
  membershipOrders: 'STORAGE',
  membershipApplications: 'STORAGE',
  duties: 'STORAGE',
  dutySwaps: 'STORAGE',
  campaignSource: 'CAMPAIGNS',
  conditionsSource: 'CONDITIONS',
  search: 'SEARCH',
  payments: 'PAYMENTS',
  identity: 'IDENTITY',
  outbox: 'STORAGE',
  audit: 'STORAGE',
  jobs: 'STORAGE',
  waitingList: 'STORAGE',
  waitingListLinks: 'system',
  offerLinks: 'system',
  workDayLinks: 'system',
  checkoutLinks: 'system',
  renewalLinks: 'system',
  pseudonyms: 'system',
  signInKeys: 'system',
  mailer: 'SMTP_URL',
  bookingLinks: 'system',
  resetTokens: 'STORAGE',
  secrets: 'system',
  files: 'STORAGE',
  photos: 'STORAGE',
  images: 'system',
  pdfs: 'system',
  rotaSolver: 'system',
  conditions: 'STORAGE',
  personalData: 'STORAGE',
  attendance: 'STORAGE',
  retention: 'STORAGE',
  announcements: 'STORAGE',
} as const satisfies Record<AdapterName, string>;

const PORT_NAMES = Object.keys(PORTS) as AdapterName[];

/** One inversify identifier per port, plus the configuration. */
export const TYPES = {
  config: Symbol.for('AppConfig'),
  database: Symbol.for('Database'),
  ...(Object.fromEntries(PORT_NAMES.map((name) => [name, Symbol.for(`port:${name}`)])) as Record<AdapterName, symbol>),
};

/** The ports that STORAGE chooses. */
const STORAGE_PORTS = PORT_NAMES.filter((name) => PORTS[name] === 'STORAGE');

/** The reporters the server passes in: told what failed where no answer can say it. */
export interface ContainerOptions {
  /** Told about search index updates that failed after the data itself was saved. */
  reportSearchIndexError?: (error: unknown) => void;
  /** Told about a failed search (the member sees an empty list, as the spec says). */
  reportSearchError?: (error: unknown) => void;
  /** Told what an operator must fix in an outside service's settings (e.g. a refused API key). */
  reportConfigurationProblem?: (message: string) => void;
  /** Told when a password-reset e-mail could not be written or asked for (the answer never says). */
  reportPasswordResetError?: (error: unknown) => void;
  /** Told when a member's sign-in code could not be stored or its e-mail queued (the answer stays the same). */
  reportSignInCodeError?: (error: unknown) => void;
  /** Told when a deleted photo's files could not be removed (its record is gone all the same). */
  reportFileCleanupError?: (error: unknown) => void;
}

/** The reporters, each given: one the server did not pass in tells no one. */
export function reportersOf(options: ContainerOptions): Required<ContainerOptions> {
  const tellNoOne = () => {};
  return {
    reportSearchIndexError: options.reportSearchIndexError ?? tellNoOne,
    reportSearchError: options.reportSearchError ?? tellNoOne,
    reportConfigurationProblem: options.reportConfigurationProblem ?? tellNoOne,
    reportPasswordResetError: options.reportPasswordResetError ?? tellNoOne,
    reportSignInCodeError: options.reportSignInCodeError ?? tellNoOne,
    reportFileCleanupError: options.reportFileCleanupError ?? tellNoOne,
  };
}

/**
 * The only place that wires adapters to ports. The configuration picks each adapter once; an
 * override replaces the configured one. Core classes carry no decorators: everything is bound
 * with toDynamicValue or toConstantValue. Returns what closes the connections it opened.
 */
export async function bindAdapters(
  container: Container,
  config: AppConfig,
  db: Knex,
  overrides: Partial<Adapters>,
  options: ContainerOptions,
): Promise<() => Promise<void>> {
  const bind = <K extends AdapterName>(name: K, make: (get: <J extends AdapterName>(n: J) => Adapters[J]) => Adapters[K]) => {
    const override = overrides[name];
    if (override) {
      container.bind<Adapters[K]>(TYPES[name]).toConstantValue(override as Adapters[K]);
      return;
    }
    container
      .bind<Adapters[K]>(TYPES[name])
      .toDynamicValue((ctx) => make((n) => ctx.get<Adapters[typeof n]>(TYPES[n])))
      .inSingletonScope();
  };

  // The secrets file (DATA_DIR/secrets.json) is read once, by whichever port needs it first.
  let secretsRead: ReturnType<typeof resolvePaymentSecrets> | undefined;
  const paymentSecrets = () => (secretsRead ??= resolvePaymentSecrets(config));
  bind('clock', () => new SystemClock());
  bind('ids', () => new CryptoIdGenerator());
  // STORAGE=firestore: every storage port on Firestore. firebase-admin loads only when chosen, and
  // the database is read once here so that wrong settings stop the start, not the first request.
  // The SQLite file is still opened: with SEARCH=sqlite the search index lives there.
  const firestore =
    config.firestore && !STORAGE_PORTS.every((name) => overrides[name])
      ? await (
          await import('../adapters/firestore/firestore-storage')
        ).openFirestoreStorage({
          projectId: config.firestore.projectId,
          ...(config.firestore.credentialsFile ? { credentialsFile: config.firestore.credentialsFile } : {}),
          collectionPrefix: config.firestore.collectionPrefix,
        })
      : null;
  bind('events', () => firestore?.events ?? new SqliteEventRepository(db));
  bind('bookings', () => firestore?.bookings ?? new SqliteBookingRepository(db));
  bind('admins', () => firestore?.admins ?? new SqliteAdminRepository(db));
  bind('credentials', () => firestore?.credentials ?? new SqliteCredentialRepository(db));
  bind('sessions', () => firestore?.sessions ?? new SqliteSessionRepository(db));
  bind('signInCodes', () => firestore?.signInCodes ?? new SqliteSignInCodeRepository(db));
  bind('memberSessions', () => firestore?.memberSessions ?? new SqliteMemberSessionRepository(db));
  bind('passkeys', () => firestore?.passkeys ?? new SqlitePasskeyRepository(db));
  bind('passkeyChallenges', () => firestore?.passkeyChallenges ?? new SqlitePasskeyChallengeRepository(db));
  bind('passkeyCeremony', () => new SimpleWebAuthnPasskeyCeremony({ clubName: config.clubName, publicBaseUrl: config.publicBaseUrl }));
  bind('resetTokens', () => firestore?.resetTokens ?? new SqlitePasswordResetTokenRepository(db));
  bind('secrets', () => new CryptoSecretTokens());
  bind('loginAttempts', () => firestore?.loginAttempts ?? new SqliteLoginAttemptStore(db));
  bind('addressLimits', () => firestore?.addressLimits ?? new SqliteAddressLimitStore(db));
  bind('workDays', () => firestore?.workDays ?? new SqliteWorkDayRepository(db));
  bind('documents', () => firestore?.documents ?? new SqliteDocumentRepository(db));
  bind('campaigns', () => firestore?.campaigns ?? new SqliteCampaignRepository(db));
  bind('campaignSource', (get) => {
    const mailerlite = config.mailerlite;
    if (!mailerlite) return get('campaigns');
    return new MailerLiteCampaignSource({
      apiKey: mailerlite.apiKey,
      baseUrl: mailerlite.baseUrl,
      cacheMs: mailerlite.cacheMs,
      clock: get('clock'),
      ...(options.reportConfigurationProblem ? { reportProblem: options.reportConfigurationProblem } : {}),
    });
  });
  bind('conditionsSource', (get) => {
    const openMeteo = config.openMeteo;
    if (!openMeteo) return new NoConditionsSource();
    return new OpenMeteoConditionsSource({
      latitude: openMeteo.latitude,
      longitude: openMeteo.longitude,
      baseUrl: openMeteo.baseUrl,
      ...(openMeteo.apiKey ? { apiKey: openMeteo.apiKey } : {}),
      clock: get('clock'),
    });
  });
  bind('waterLevels', () => firestore?.waterLevels ?? new SqliteWaterLevelRepository(db));
  bind('outbox', () => firestore?.outbox ?? new SqliteOutbox(db));
  bind('audit', () => firestore?.audit ?? new SqliteAuditLog(db));
  bind('jobs', () => firestore?.jobs ?? new SqliteJobQueue(db));
  bind('waitingList', () => firestore?.waitingList ?? new SqliteWaitingList(db));
  bind('files', () => firestore?.files ?? new DirectoryFileStore(join(config.dataDir, 'files')));
  bind('photos', () => firestore?.photos ?? new SqlitePhotoRepository(db));
  bind('sitePages', () => firestore?.sitePages ?? new SqliteSitePageRepository(db));
  bind('membership', () => firestore?.membership ?? new SqliteMembershipRepository(db));
  bind('households', () => firestore?.households ?? new SqliteHouseholdRepository(db));
  bind('calendarFeeds', () => firestore?.calendarFeeds ?? new SqliteMemberCalendarFeedRepository(db));
  bind('availability', () => firestore?.availability ?? new SqliteAvailabilityRepository(db));
  bind('members', () => firestore?.members ?? new SqliteMemberRepository(db));
  bind('membershipOrders', () => firestore?.membershipOrders ?? new SqliteMembershipOrderRepository(db));
  bind('membershipApplications', () => firestore?.membershipApplications ?? new SqliteMembershipApplicationRepository(db));
  bind('conditions', () => firestore?.conditions ?? new SqliteConditionsRepository(db));
  bind('duties', () => firestore?.duties ?? new SqliteDutyRepository(db));
  bind('dutySwaps', () => firestore?.dutySwaps ?? new SqliteDutySwapRepository(db));
  bind('personalData', () => firestore?.personalData ?? new SqlitePersonalDataStore(db));
  bind('attendance', () => firestore?.attendance ?? new SqliteAttendanceStore(db));
  bind('announcements', () => firestore?.announcements ?? new SqliteAnnouncementRepository(db));
  bind('images', () => new SharpImageProcessor());
  bind('pdfs', () => new PdfLibPdfInspector());
  bind('rotaSolver', () => new HighsRotaSolver());
  // Without SMTP_URL no sender runs: the messages stay in the outbox for admins to read.
  let smtp: SmtpMailer | null = null;
  bind('mailer', () => (config.mail ? (smtp = new SmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })) : new MailOff()));
  const algolia = config.algolia && !overrides.search ? await import('../adapters/algolia/algolia-search-index') : null;
  bind('search', () => (algolia && config.algolia ? new algolia.AlgoliaSearchIndex(config.algolia) : new SqliteSearchIndex(db)));
  // The Square SDK and firebase-admin take seconds to load: only a server that uses them loads them.
  const square = config.square && !overrides.payments ? await import('../adapters/square/square-payment-gateway') : null;
  const firebase = config.firebase && !overrides.identity ? await import('../adapters/firebase/firebase-identity-provider') : null;
  bind('payments', (get) => {
    const secrets = paymentSecrets();
    if (square && config.square) {
      return new square.SquarePaymentGateway({
        accessToken: config.square.accessToken,
        locationId: config.square.locationId,
        environment: config.square.environment,
        webhookSignatureKey: config.square.webhookSignatureKey,
        webhookNotificationUrl: config.square.webhookUrl,
        applicationId: config.square.applicationId,
        checkoutSecret: secrets.checkoutSecret,
        ...(config.square.baseUrl ? { baseUrl: config.square.baseUrl } : {}),
        clock: get('clock'),
      });
    }
    return new TestPaymentGateway({ checkoutSecret: secrets.checkoutSecret, webhookSecret: secrets.webhookSecret, clock: get('clock') });
  });
  bind('hasher', () => new ScryptPasswordHasher());
  bind('bookingLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret));
  bind('waitingListLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'waitlist-leave'));
  bind('offerLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'waitlist-offer'));
  bind('workDayLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'workday-withdraw'));
  bind('checkoutLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'checkout-browser'));
  bind('renewalLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'renewal-sign-in'));
  bind('pseudonyms', () => new HmacPseudonyms(paymentSecrets().manageLinkSecret));
  bind('signInKeys', () => new HmacSignInKeys(paymentSecrets().manageLinkSecret));
  bind('retention', () => firestore?.retention ?? new SqliteRetentionStore(db));
  let firebaseIdentity: FirebaseIdentityProvider | null = null;
  bind('identity', (get) => {
    if (firebase && config.firebase) {
      return (firebaseIdentity = new firebase.FirebaseIdentityProvider({
        projectId: config.firebase.projectId,
        webApiKey: config.firebase.webApiKey,
        identityToolkitUrl: config.firebase.identityToolkitUrl,
        sessions: get('sessions'),
        clock: get('clock'),
        ...(options.reportConfigurationProblem ? { reportProblem: options.reportConfigurationProblem } : {}),
      }));
    }
    return new LocalIdentityProvider({
      credentials: get('credentials'),
      sessions: get('sessions'),
      hasher: get('hasher'),
      ids: get('ids'),
      clock: get('clock'),
    });
  });

  return async () => {
    // firebase-admin keeps HTTP agents and timers that would hold the process open.
    const identity = firebaseIdentity;
    firebaseIdentity = null;
    if (identity) await identity.close();
    smtp?.close();
    await firestore?.close();
  };
}
