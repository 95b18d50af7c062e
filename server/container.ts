import 'reflect-metadata';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import { openSqliteDatabase } from '../adapters/sqlite/sqlite-database';
import { bindAdapters, reportersOf, TYPES, type AdapterName, type Adapters, type ContainerOptions } from './adapters';
import type { AppConfig } from './config';
import { adminsFeature } from './features/admins';
import { bookingsFeature } from './features/bookings';
import { conditionsFeature } from './features/conditions';
import { documentsFeature } from './features/documents';
import { dutiesFeature } from './features/duties';
import { dutyAdminFeature } from './features/duty-admin';
import { eventsFeature } from './features/events';
import type { Feature, FeatureContext } from './features/feature';
import { mailFeature } from './features/mail';
import { memberSignInFeature } from './features/member-sign-in';
import { myClubFeature } from './features/my-club';
import { newsFeature } from './features/news';
import { paymentsFeature } from './features/payments';
import { photosFeature } from './features/photos';
import { scheduledJobsFeature } from './features/scheduled-jobs';
import { searchFeature } from './features/search';
import { sitePagesFeature } from './features/site-pages';
import { waitingListFeature } from './features/waiting-list';
import { waterLevelsFeature } from './features/water-levels';
import { memberListFeature } from './features/member-list';
import { workDaysFeature } from './features/work-days';
import { privacyFeature } from './features/privacy';
import { checkInFeature } from './features/check-in';
import { retentionFeature } from './features/retention';

export { TYPES, type AdapterName, type Adapters, type ContainerOptions } from './adapters';

/** Every area of the app; each brings its own use cases (server/features/). */
export const FEATURES: readonly Feature[] = [
  bookingsFeature,
  paymentsFeature,
  waitingListFeature,
  eventsFeature,
  workDaysFeature,
  dutiesFeature,
  dutyAdminFeature,
  newsFeature,
  documentsFeature,
  sitePagesFeature,
  photosFeature,
  waterLevelsFeature,
  memberListFeature,
  conditionsFeature,
  mailFeature,
  adminsFeature,
  memberSignInFeature,
  myClubFeature,
  searchFeature,
  scheduledJobsFeature,
  privacyFeature,
  checkInFeature,
  retentionFeature,
];

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
 * Builds the server: the adapters bound to the ports (server/adapters.ts), then every feature's
 * use cases, each bound by its class and built when first asked for.
 */
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
  const closeAdapters = await bindAdapters(container, config, db, overrides, options);

  const context: FeatureContext = {
    get: (name) => container.get(TYPES[name]),
    config,
    options: reportersOf(options),
    useCase: (type) => container.get(type),
  };
  for (const feature of FEATURES) {
    for (const { type, make } of feature.useCases(context)) {
      container.bind<unknown>(type).toDynamicValue(make).inSingletonScope();
    }
  }

  return {
    container,
    get: context.get,
    useCase: (type) => container.get(type),
    close: async () => {
      await closeAdapters();
      await db.destroy();
    },
  };
}
