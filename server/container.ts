import 'reflect-metadata';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import type { FirebaseIdentityProvider } from '../adapters/firebase/firebase-identity-provider';
import { LocalIdentityProvider } from '../adapters/local-identity/local-identity-provider';
import { MailerLiteCampaignSource } from '../adapters/mailerlite/mailerlite-campaign-source';
import { ScryptPasswordHasher } from '../adapters/node-crypto/scrypt-password-hasher';
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
import { SqliteWaterLevelRepository } from '../adapters/sqlite/sqlite-water-level-repository';
import { SqliteWorkDayRepository } from '../adapters/sqlite/sqlite-work-day-repository';
import { CryptoIdGenerator } from '../adapters/system/crypto-id-generator';
import { SystemClock } from '../adapters/system/system-clock';
import { TestPaymentGateway } from '../adapters/test-payments/test-payment-gateway';
import type { AddressLimitStore } from '../core/ports/address-limit-store';
import type { AdminRepository } from '../core/ports/admin-repository';
import type { BookingRepository } from '../core/ports/booking-repository';
import type { CampaignRepository } from '../core/ports/campaign-repository';
import type { CampaignSource } from '../core/ports/campaign-source';
import type { Clock } from '../core/ports/clock';
import type { CredentialRepository } from '../core/ports/credential-repository';
import type { DocumentRepository } from '../core/ports/document-repository';
import type { EventRepository } from '../core/ports/event-repository';
import type { IdGenerator } from '../core/ports/id-generator';
import type { IdentityProvider } from '../core/ports/identity-provider';
import type { LoginAttemptStore } from '../core/ports/login-attempt-store';
import type { PasswordHasher } from '../core/ports/password-hasher';
import type { PaymentGateway } from '../core/ports/payment-gateway';
import type { SearchIndex } from '../core/ports/search-index';
import type { SessionRepository } from '../core/ports/session-repository';
import type { WaterLevelRepository } from '../core/ports/water-level-repository';
import type { WorkDayRepository } from '../core/ports/work-day-repository';
import { RebuildSearchIndex } from '../core/use-cases/rebuild-search-index';
import { GetDocumentFile, ListCampaigns, ListDocuments } from '../core/use-cases/club-content';
import { GetWaterLevels } from '../core/use-cases/get-water-levels';
import { CheckPlaces } from '../core/use-cases/check-places';
import { ConfirmPayment } from '../core/use-cases/confirm-payment';
import { GetEventForBooking } from '../core/use-cases/get-event-for-booking';
import { GetWorkDay } from '../core/use-cases/get-work-day';
import { ListCalendarEvents } from '../core/use-cases/list-calendar-events';
import { ListWorkDaySignups } from '../core/use-cases/list-work-day-signups';
import { ListWorkDays } from '../core/use-cases/list-work-days';
import { SearchSite } from '../core/use-cases/search';
import { SignIn } from '../core/use-cases/sign-in';
import { SignUpForWorkDay } from '../core/use-cases/sign-up-for-work-day';
import { SubmitBooking } from '../core/use-cases/submit-booking';
import { GetBookingsOverview } from '../core/use-cases/bookings-overview';
import { CreateAdmin } from '../core/use-cases/create-admin';
import { CreateEvent } from '../core/use-cases/create-event';
import { GetDashboard } from '../core/use-cases/dashboard';
import { DeleteEvent } from '../core/use-cases/delete-event';
import { GetEventBookings } from '../core/use-cases/event-bookings';
import { ExportEventBookings } from '../core/use-cases/export-event-bookings';
import { GetAdminEvent } from '../core/use-cases/get-admin-event';
import { ListAdminEvents } from '../core/use-cases/list-admin-events';
import { ListAdmins } from '../core/use-cases/list-admins';
import { UpdateAdmin } from '../core/use-cases/update-admin';
import { UpdateEvent } from '../core/use-cases/update-event';
import type { AppConfig } from './config';
import { resolvePaymentSecrets } from './payment-secrets';

/** Every port the server needs; tests may replace any of them (a fixed clock, a fake gateway). */
export interface Adapters {
  clock: Clock;
  ids: IdGenerator;
  events: EventRepository;
  bookings: BookingRepository;
  admins: AdminRepository;
  credentials: CredentialRepository;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptStore;
  addressLimits: AddressLimitStore;
  workDays: WorkDayRepository;
  documents: DocumentRepository;
  campaigns: CampaignRepository;
  campaignSource: CampaignSource;
  waterLevels: WaterLevelRepository;
  search: SearchIndex;
  payments: PaymentGateway;
  hasher: PasswordHasher;
  identity: IdentityProvider;
}

export type AdapterName = keyof Adapters;

/** One inversify identifier per port, plus the configuration. */
export const TYPES = {
  config: Symbol.for('AppConfig'),
  database: Symbol.for('Database'),
  ...(Object.fromEntries(
    (
      [
        'clock', 'ids', 'events', 'bookings', 'admins', 'credentials', 'sessions', 'loginAttempts', 'addressLimits', 'workDays',
        'documents', 'campaigns', 'campaignSource', 'waterLevels', 'search', 'payments', 'hasher', 'identity',
      ] as const
    ).map((name) => [name, Symbol.for(`port:${name}`)]),
  ) as Record<AdapterName, symbol>),
};

/** The ports that STORAGE chooses (the rest are chosen by SEARCH, PAYMENTS, IDENTITY, CAMPAIGNS). */
const STORAGE_PORTS = [
  'events', 'bookings', 'admins', 'credentials', 'sessions', 'loginAttempts', 'addressLimits', 'workDays', 'documents', 'campaigns',
  'waterLevels',
] as const;

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
}

export async function createContainer(
  config: AppConfig,
  overrides: Partial<Adapters> = {},
  options: ContainerOptions = {},
): Promise<AppContainer> {
  const container = new Container({ defaultScope: 'Singleton' });
  // Only the embedded default is built so far; config.ts refuses any other choice at start.
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
  const algolia = config.algolia && !overrides.search ? await import('../adapters/algolia/algolia-search-index') : null;
  bind('search', () => (algolia && config.algolia ? new algolia.AlgoliaSearchIndex(config.algolia) : new SqliteSearchIndex(db)));
  // The Square SDK and firebase-admin take seconds to load: only a server that uses them loads them.
  const square = config.square && !overrides.payments ? await import('../adapters/square/square-payment-gateway') : null;
  const firebase = config.firebase && !overrides.identity ? await import('../adapters/firebase/firebase-identity-provider') : null;
  bind('payments', (get) => {
    const secrets = resolvePaymentSecrets(config);
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
  let firebaseIdentity: FirebaseIdentityProvider | null = null;
  bind('identity', (get) => {
    if (firebase && config.firebase) {
      return (firebaseIdentity = new firebase.FirebaseIdentityProvider({
        projectId: config.firebase.projectId,
        webApiKey: config.firebase.webApiKey,
        identityToolkitUrl: config.firebase.identityToolkitUrl,
        sessions: get('sessions'),
        clock: get('clock'),
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
      await firestore?.close();
      await db.destroy();
    },
  };
}

type Get = <K extends AdapterName>(name: K) => Adapters[K];

/** Use cases are bound by their class: each gets one deps object of ports, nothing else. */
function bindUseCases(container: Container, config: AppConfig, get: Get, options: ContainerOptions): void {
  const use = <T>(type: new (deps: never) => T, make: () => T) => {
    container.bind<T>(type).toDynamicValue(make).inSingletonScope();
  };
  use(SubmitBooking, () =>
    new SubmitBooking({
      events: get('events'),
      bookings: get('bookings'),
      payments: get('payments'),
      clock: get('clock'),
      ids: get('ids'),
      addressLimits: get('addressLimits'),
      config: {
        maxAttendees: config.maxAttendeesPerBooking,
        testHook: config.paymentsTestHook,
        maxHeldPlacesPerAddress: config.bookingLimits.maxHeldPlacesPerAddress,
      },
    }),
  );
  use(ConfirmPayment, () => new ConfirmPayment({ bookings: get('bookings'), payments: get('payments'), clock: get('clock') }));
  use(ListCampaigns, () => new ListCampaigns({ campaignSource: get('campaignSource') }));
  use(ListDocuments, () => new ListDocuments({ documents: get('documents') }));
  use(GetDocumentFile, () => new GetDocumentFile({ documents: get('documents') }));
  use(GetWaterLevels, () => new GetWaterLevels({ waterLevels: get('waterLevels'), clock: get('clock') }));
  use(CheckPlaces, () => new CheckPlaces({ bookings: get('bookings'), clock: get('clock') }));
  use(RebuildSearchIndex, () =>
    new RebuildSearchIndex({ events: get('events'), documents: get('documents'), campaignSource: get('campaignSource'), search: get('search') }),
  );
  use(ListCalendarEvents, () => new ListCalendarEvents({ events: get('events'), bookings: get('bookings'), clock: get('clock') }));
  use(GetEventForBooking, () => new GetEventForBooking({ events: get('events'), bookings: get('bookings'), clock: get('clock') }));
  use(ListWorkDays, () => new ListWorkDays({ workDays: get('workDays') }));
  use(GetWorkDay, () => new GetWorkDay({ workDays: get('workDays') }));
  use(SignUpForWorkDay, () => new SignUpForWorkDay({ workDays: get('workDays'), clock: get('clock'), ids: get('ids') }));
  use(ListWorkDaySignups, () => new ListWorkDaySignups({ workDays: get('workDays') }));
  use(SearchSite, () => new SearchSite({ search: get('search'), reportSearchError: options.reportSearchError }));
  const reportSearchIndexError = options.reportSearchIndexError;
  use(GetDashboard, () => new GetDashboard({ events: get('events'), bookings: get('bookings') }));
  use(ListAdminEvents, () => new ListAdminEvents({ events: get('events') }));
  use(GetAdminEvent, () => new GetAdminEvent({ events: get('events') }));
  use(CreateEvent, () =>
    new CreateEvent({
      events: get('events'),
      search: get('search'),
      clock: get('clock'),
      ids: get('ids'),
      reportSearchIndexError,
      maxAttendees: config.maxAttendeesPerBooking,
    }),
  );
  use(UpdateEvent, () =>
    new UpdateEvent({ events: get('events'), search: get('search'), clock: get('clock'), reportSearchIndexError, maxAttendees: config.maxAttendeesPerBooking }),
  );
  use(DeleteEvent, () =>
    new DeleteEvent({ events: get('events'), bookings: get('bookings'), search: get('search'), reportSearchIndexError }),
  );
  use(GetBookingsOverview, () => new GetBookingsOverview({ events: get('events'), bookings: get('bookings'), clock: get('clock') }));
  use(GetEventBookings, () => new GetEventBookings({ events: get('events'), bookings: get('bookings') }));
  use(ExportEventBookings, () => new ExportEventBookings({ events: get('events'), bookings: get('bookings') }));
  use(ListAdmins, () => new ListAdmins({ admins: get('admins') }));
  use(CreateAdmin, () => new CreateAdmin({ identity: get('identity'), admins: get('admins'), clock: get('clock') }));
  use(UpdateAdmin, () => new UpdateAdmin({ admins: get('admins'), identity: get('identity') }));
  use(SignIn, () =>
    new SignIn({ identity: get('identity'), admins: get('admins'), loginAttempts: get('loginAttempts'), clock: get('clock') }),
  );
}
