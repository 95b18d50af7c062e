import 'reflect-metadata';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import type { FirebaseIdentityProvider } from '../adapters/firebase/firebase-identity-provider';
import { LocalIdentityProvider } from '../adapters/local-identity/local-identity-provider';
import { MailerLiteCampaignSource } from '../adapters/mailerlite/mailerlite-campaign-source';
import { ScryptPasswordHasher } from '../adapters/node-crypto/scrypt-password-hasher';
import { HmacBookingLinks } from '../adapters/node-crypto/hmac-booking-links';
import { SqliteAddressLimitStore } from '../adapters/sqlite/sqlite-address-limit-store';
import { SqliteAdminRepository } from '../adapters/sqlite/sqlite-admin-repository';
import { SqliteBookingRepository } from '../adapters/sqlite/sqlite-booking-repository';
import { SqliteCampaignRepository } from '../adapters/sqlite/sqlite-campaign-repository';
import { SqliteCredentialRepository } from '../adapters/sqlite/sqlite-credential-repository';
import { openSqliteDatabase } from '../adapters/sqlite/sqlite-database';
import { SqliteDocumentRepository } from '../adapters/sqlite/sqlite-document-repository';
import { SqliteEventRepository } from '../adapters/sqlite/sqlite-event-repository';
import { SqliteLoginAttemptStore } from '../adapters/sqlite/sqlite-login-attempt-store';
import { SqliteSearchIndex } from '../adapters/sqlite/sqlite-search-index';
import { SqliteSessionRepository } from '../adapters/sqlite/sqlite-session-repository';
import { SqlitePasswordResetTokenRepository } from '../adapters/sqlite/sqlite-password-reset-token-repository';
import { CryptoSecretTokens } from '../adapters/node-crypto/crypto-secret-tokens';
import type { SecretTokens } from '../core/ports/secret-tokens';
import { RequestPasswordReset } from '../core/use-cases/request-password-reset';
import { ResetPassword } from '../core/use-cases/reset-password';
import { SqliteWaterLevelRepository } from '../adapters/sqlite/sqlite-water-level-repository';
import { SqliteWorkDayRepository } from '../adapters/sqlite/sqlite-work-day-repository';
import { SqliteOutbox } from '../adapters/sqlite/sqlite-outbox';
import { SqliteWaitingList } from '../adapters/sqlite/sqlite-waiting-list';
import { SqliteAuditLog } from '../adapters/sqlite/sqlite-audit-log';
import { SqliteJobQueue } from '../adapters/sqlite/sqlite-job-queue';
import { MailOff, SmtpMailer } from '../adapters/smtp/smtp-mailer';
import { CryptoIdGenerator } from '../adapters/system/crypto-id-generator';
import { SystemClock } from '../adapters/system/system-clock';
import { TestPaymentGateway } from '../adapters/test-payments/test-payment-gateway';
import type { CampaignSource } from '../core/ports/campaign-source';
import type { Clock } from '../core/ports/clock';
import type { IdGenerator } from '../core/ports/id-generator';
import type { IdentityProvider } from '../core/ports/identity-provider';
import type { PasswordHasher } from '../core/ports/password-hasher';
import type { PaymentGateway } from '../core/ports/payment-gateway';
import type { SearchIndex } from '../core/ports/search-index';
import type { Mailer } from '../core/ports/mailer';
import type { StoragePorts } from '../core/ports/storage-ports';
import { DirectoryFileStore } from '../adapters/system/directory-file-store';
import { SqlitePhotoRepository } from '../adapters/sqlite/sqlite-photo-repository';
import { SharpImageProcessor } from '../adapters/sharp/sharp-image-processor';
import { PdfLibPdfInspector } from '../adapters/pdf-lib/pdf-lib-pdf-inspector';
import type { PdfInspector } from '../core/ports/pdf-inspector';
import type { ImageProcessor } from '../core/ports/image-processor';
import { UploadPhoto } from '../core/use-cases/upload-photo';
import { UpdatePhoto } from '../core/use-cases/update-photo';
import { ReorderPhotos } from '../core/use-cases/reorder-photos';
import { DeletePhoto } from '../core/use-cases/delete-photo';
import { ListPhotos } from '../core/use-cases/list-photos';
import { ListAdminPhotos } from '../core/use-cases/list-admin-photos';
import { GetPhotoFile } from '../core/use-cases/get-photo-file';
import type { BookingLinks } from '../core/ports/booking-links';
import { DeliverOutbox } from '../core/use-cases/deliver-outbox';
import { GetMyBooking } from '../core/use-cases/get-my-booking';
import { GetOutboxMessage, ListOutbox } from '../core/use-cases/list-outbox';
import { ResendOutboxMessage } from '../core/use-cases/resend-outbox-message';
import { RebuildSearchIndex } from '../core/use-cases/rebuild-search-index';
import { GetDocumentFile, ListCampaigns, ListDocuments } from '../core/use-cases/club-content';
import { GetWaterLevels } from '../core/use-cases/get-water-levels';
import { AddWaterLevel } from '../core/use-cases/add-water-level';
import { CorrectWaterLevel } from '../core/use-cases/correct-water-level';
import { DeleteWaterLevel } from '../core/use-cases/delete-water-level';
import { ImportWaterLevels } from '../core/use-cases/import-water-levels';
import { PreviewWaterLevelImport } from '../core/use-cases/preview-water-level-import';
import { CheckPlaces } from '../core/use-cases/check-places';
import { GetCheckout } from '../core/use-cases/get-checkout';
import { ConfirmPayment } from '../core/use-cases/confirm-payment';
import { GetEventForBooking } from '../core/use-cases/get-event-for-booking';
import { GetWorkDay } from '../core/use-cases/get-work-day';
import { ListCalendarEvents } from '../core/use-cases/list-calendar-events';
import { GetCalendarFeed } from '../core/use-cases/get-calendar-feed';
import { ListWorkDaySignups } from '../core/use-cases/list-work-day-signups';
import { ListWorkDays } from '../core/use-cases/list-work-days';
import { GetAdminWorkDay } from '../core/use-cases/get-admin-work-day';
import { CreateWorkDay } from '../core/use-cases/create-work-day';
import { UpdateWorkDay } from '../core/use-cases/update-work-day';
import { ArchiveWorkDay } from '../core/use-cases/archive-work-day';
import { RemoveWorkDaySignup } from '../core/use-cases/remove-work-day-signup';
import { RemoveWorkDaySignups } from '../core/use-cases/remove-work-day-signups';
import { ExportWorkDaySignups } from '../core/use-cases/export-work-day-signups';
import { SearchSite } from '../core/use-cases/search';
import { SignIn } from '../core/use-cases/sign-in';
import { SignUpForWorkDay } from '../core/use-cases/sign-up-for-work-day';
import { SubmitBooking } from '../core/use-cases/submit-booking';
import { GetBookingsOverview } from '../core/use-cases/bookings-overview';
import { CreateAdmin } from '../core/use-cases/create-admin';
import { CreateEvent } from '../core/use-cases/create-event';
import { GetDashboard } from '../core/use-cases/dashboard';
import { DeleteEvent } from '../core/use-cases/delete-event';
import { CancelEvent } from '../core/use-cases/cancel-event';
import { GetEventBookings } from '../core/use-cases/event-bookings';
import { ExportEventBookings } from '../core/use-cases/export-event-bookings';
import { GetAdminEvent } from '../core/use-cases/get-admin-event';
import { ListAdminEvents } from '../core/use-cases/list-admin-events';
import { ListAdmins } from '../core/use-cases/list-admins';
import { UpdateAdmin } from '../core/use-cases/update-admin';
import { UpdateEvent } from '../core/use-cases/update-event';
import { CancelMyBooking } from '../core/use-cases/cancel-my-booking';
import { AdminBookingActions } from '../core/use-cases/admin-booking-actions';
import { ListAudit } from '../core/use-cases/list-audit';
import { RunDueJobs } from '../core/use-cases/run-due-jobs';
import { ScheduleReminders } from '../core/use-cases/schedule-reminders';
import { SendEventReminders } from '../core/use-cases/send-event-reminders';
import { jobHandlers } from '../core/use-cases/scheduled-work';
import { JoinWaitingList } from '../core/use-cases/join-waiting-list';
import { GetMyWaitlistEntry } from '../core/use-cases/get-my-waitlist-entry';
import { LeaveWaitingList } from '../core/use-cases/leave-waiting-list';
import { AdminWaitingList } from '../core/use-cases/admin-waiting-list';
import { OfferFreedPlaces } from '../core/use-cases/offer-freed-places';
import { GetWaitlistOffer } from '../core/use-cases/get-waitlist-offer';
import { GetMyWorkDaySignup } from '../core/use-cases/get-my-work-day-signup';
import { WithdrawFromWorkDay } from '../core/use-cases/withdraw-from-work-day';
import { SendWorkDayReminders } from '../core/use-cases/send-work-day-reminders';
import { ListCalendarWorkDays } from '../core/use-cases/list-calendar-work-days';
import { ListNewsItems } from '../core/use-cases/list-news-items';
import { GetNewsItem } from '../core/use-cases/get-news-item';
import { CreateNewsItem } from '../core/use-cases/create-news-item';
import { UpdateNewsItem } from '../core/use-cases/update-news-item';
import { DeleteNewsItem } from '../core/use-cases/delete-news-item';
import { ReadNewsItem } from '../core/use-cases/read-news-item';
import { RefreshNewsIndex } from '../core/use-cases/refresh-news-index';
import { CreateDocument } from '../core/use-cases/create-document';
import { UpdateDocument } from '../core/use-cases/update-document';
import { ReplaceDocumentFile } from '../core/use-cases/replace-document-file';
import { DeleteDocument } from '../core/use-cases/delete-document';
import { ReorderDocuments } from '../core/use-cases/reorder-documents';
import type { AppConfig } from './config';
import { resolvePaymentSecrets } from './payment-secrets';

/** Every port the server needs; tests may replace any of them (a fixed clock, a fake gateway). */
export interface Adapters extends StoragePorts {
  clock: Clock;
  ids: IdGenerator;
  campaignSource: CampaignSource;
  search: SearchIndex;
  payments: PaymentGateway;
  hasher: PasswordHasher;
  identity: IdentityProvider;
  mailer: Mailer;
  bookingLinks: BookingLinks;
  /** The waiting list's leave links: the same signing as bookingLinks, under another purpose. */
  waitlistLinks: BookingLinks;
  /** Waiting-list offers' booking links: the same signing again, under a third purpose. */
  offerLinks: BookingLinks;
  /** Work-day sign-ups' withdraw links: the same signing again, under the purpose 'workday-withdraw'. */
  workDayLinks: BookingLinks;
  secrets: SecretTokens;
  /** Reads and resizes the photos admins upload (sharp). */
  images: ImageProcessor;
  pdfs: PdfInspector;
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
  loginAttempts: 'STORAGE',
  addressLimits: 'STORAGE',
  workDays: 'STORAGE',
  documents: 'STORAGE',
  campaigns: 'STORAGE',
  waterLevels: 'STORAGE',
  campaignSource: 'CAMPAIGNS',
  search: 'SEARCH',
  payments: 'PAYMENTS',
  identity: 'IDENTITY',
  outbox: 'STORAGE',
  audit: 'STORAGE',
  jobs: 'STORAGE',
  waitingList: 'STORAGE',
  waitlistLinks: 'system',
  offerLinks: 'system',
  workDayLinks: 'system',
  mailer: 'SMTP_URL',
  bookingLinks: 'system',
  resetTokens: 'STORAGE',
  secrets: 'system',
  files: 'STORAGE',
  photos: 'STORAGE',
  images: 'system',
  pdfs: 'system',
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

export const DATABASE_FILE_NAME = 'kyc.sqlite';

export function databaseFile(config: AppConfig): string {
  return join(config.dataDir, DATABASE_FILE_NAME);
}

export interface AppContainer {
  container: Container;
  /** Resolves a port (the same instance every time). */
  get<K extends AdapterName>(name: K): Adapters[K];
  /** A use case, wired to the ports (the same instance every time). */
  useCase<T>(type: new (deps: never) => T): T;
  close(): Promise<void>;
}

/**
 * The only place that wires adapters to ports. The configuration picks each adapter once; an
 * override replaces the configured one. Core classes carry no decorators: everything is bound
 * with toDynamicValue or toConstantValue.
 */
export interface ContainerOptions {
  /** Told about search index updates that failed after the data itself was saved. */
  reportSearchIndexError?: (error: unknown) => void;
  /** Told about a failed search (the member sees an empty list, as the spec says). */
  reportSearchError?: (error: unknown) => void;
  /** Told what an operator must fix in an outside service's settings (e.g. a refused API key). */
  reportConfigurationProblem?: (message: string) => void;
  /** Told when a password-reset e-mail could not be written or asked for (the answer never says). */
  reportPasswordResetError?: (error: unknown) => void;
  /** Told when a deleted photo's files could not be removed (its record is gone all the same). */
  reportFileCleanupError?: (error: unknown) => void;
}

export async function createContainer(
  config: AppConfig,
  overrides: Partial<Adapters> = {},
  options: ContainerOptions = {},
): Promise<AppContainer> {
  const container = new Container({ defaultScope: 'Singleton' });
  // Always opened: the embedded default for storage and search, and SEARCH=sqlite's index with
  // STORAGE=firestore.
  const db: Knex = await openSqliteDatabase(databaseFile(config));
  container.bind(TYPES.config).toConstantValue(config);
  container.bind(TYPES.database).toConstantValue(db);

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
      ? await (await import('../adapters/firestore/firestore-storage')).openFirestoreStorage({
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
  bind('waterLevels', () => firestore?.waterLevels ?? new SqliteWaterLevelRepository(db));
  bind('outbox', () => firestore?.outbox ?? new SqliteOutbox(db));
  bind('audit', () => firestore?.audit ?? new SqliteAuditLog(db));
  bind('jobs', () => firestore?.jobs ?? new SqliteJobQueue(db));
  bind('waitingList', () => firestore?.waitingList ?? new SqliteWaitingList(db));
  bind('files', () => firestore?.files ?? new DirectoryFileStore(join(config.dataDir, 'files')));
  bind('photos', () => firestore?.photos ?? new SqlitePhotoRepository(db));
  bind('images', () => new SharpImageProcessor());
  bind('pdfs', () => new PdfLibPdfInspector());
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
  bind('waitlistLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'waitlist-leave'));
  bind('offerLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'waitlist-offer'));
  bind('workDayLinks', () => new HmacBookingLinks(paymentSecrets().manageLinkSecret, 'workday-withdraw'));
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

  bindUseCases(container, config, <K extends AdapterName>(name: K) => container.get<Adapters[K]>(TYPES[name]), options);

  return {
    container,
    get: (name) => container.get(TYPES[name]),
    useCase: (type) => container.get(type),
    close: async () => {
      // firebase-admin keeps HTTP agents and timers that would hold the process open.
      const identity = firebaseIdentity;
      firebaseIdentity = null;
      if (identity) await identity.close();
      smtp?.close();
      await firestore?.close();
      await db.destroy();
    },
  };
}

type Get = <K extends AdapterName>(name: K) => Adapters[K];

/** Every use case the server runs; each is built from the one dependency map below. */
const USE_CASES = [
  SubmitBooking,
  ConfirmPayment,
  CheckPlaces,
  GetCheckout,
  RebuildSearchIndex,
  ListCampaigns,
  ListDocuments,
  GetDocumentFile,
  GetWaterLevels,
  ListCalendarEvents,
  GetCalendarFeed,
  GetEventForBooking,
  ListWorkDays,
  GetWorkDay,
  SignUpForWorkDay,
  ListWorkDaySignups,
  SearchSite,
  GetDashboard,
  ListAdminEvents,
  GetAdminEvent,
  CreateEvent,
  UpdateEvent,
  DeleteEvent,
  CancelEvent,
  GetBookingsOverview,
  GetEventBookings,
  ExportEventBookings,
  ListAdmins,
  CreateAdmin,
  UpdateAdmin,
  SignIn,
  DeliverOutbox,
  GetMyBooking,
  CancelMyBooking,
  AdminBookingActions,
  ListAudit,
  ListOutbox,
  GetOutboxMessage,
  ResendOutboxMessage,
  RunDueJobs,
  ScheduleReminders,
  SendEventReminders,
  RequestPasswordReset,
  ResetPassword,
  JoinWaitingList,
  GetMyWaitlistEntry,
  LeaveWaitingList,
  AdminWaitingList,
  OfferFreedPlaces,
  GetWaitlistOffer,
  UploadPhoto,
  UpdatePhoto,
  ReorderPhotos,
  DeletePhoto,
  ListPhotos,
  ListAdminPhotos,
  GetPhotoFile,
  GetAdminWorkDay,
  CreateWorkDay,
  UpdateWorkDay,
  ArchiveWorkDay,
  RemoveWorkDaySignup,
  RemoveWorkDaySignups,
  ExportWorkDaySignups,
  GetMyWorkDaySignup,
  WithdrawFromWorkDay,
  SendWorkDayReminders,
  ListCalendarWorkDays,
  ListNewsItems,
  GetNewsItem,
  CreateNewsItem,
  UpdateNewsItem,
  DeleteNewsItem,
  ReadNewsItem,
  RefreshNewsIndex,
  AddWaterLevel,
  CorrectWaterLevel,
  DeleteWaterLevel,
  PreviewWaterLevelImport,
  ImportWaterLevels,
  CreateDocument,
  UpdateDocument,
  ReplaceDocumentFile,
  DeleteDocument,
  ReorderDocuments,
] as const;

/**
 * Use cases are bound by their class, each given the same dependency map: every port (resolved
 * when first used) and the few settings and reporters some take. The map must satisfy every use
 * case's deps type, so a use case needing something new does not compile until it is here.
 */
function bindUseCases(container: Container, config: AppConfig, get: Get, options: ContainerOptions): void {
  const settings = {
    config: {
      maxAttendees: config.maxAttendeesPerBooking,
      testHook: config.paymentsTestHook,
      maxHeldPlacesPerAddress: config.bookingLimits.maxHeldPlacesPerAddress,
      maxUnpaidSharePercent: config.bookingLimits.maxUnpaidSharePercent,
    },
    maxAttendees: config.maxAttendeesPerBooking,
    mailSettings: { clubName: config.clubName, publicBaseUrl: config.publicBaseUrl },
    siteSettings: { clubName: config.clubName, publicBaseUrl: config.publicBaseUrl },
    contactEmail: config.feedbackEmail,
    reportSearchIndexError: options.reportSearchIndexError,
    reportSearchError: options.reportSearchError,
    reminderDaysBefore: config.reminderDaysBefore,
    waitlistOfferHours: config.waitlistOfferHours,
    // Each handler asks the container for its use case when a job runs.
    jobHandlers: jobHandlers((type) => container.get(type)),
    mailOn: config.mail !== null,
    reportPasswordResetError: options.reportPasswordResetError,
    // CAMPAIGNS: news written in the app, or read from MailerLite (the app then writes none).
    newsSource: config.adapters.campaigns,
    reportFileCleanupError: options.reportFileCleanupError,
  };
  const deps = Object.defineProperties(
    settings,
    Object.fromEntries(PORT_NAMES.map((name) => [name, { get: () => get(name), enumerable: true }])),
  ) as typeof settings & Adapters;
  for (const UseCase of USE_CASES) {
    container
      .bind<object>(UseCase)
      .toDynamicValue(() => new UseCase(deps))
      .inSingletonScope();
  }
}
