import 'reflect-metadata';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import { openSqliteDatabase } from '../adapters/sqlite/sqlite-database';
import { bindAdapters, reportersOf, TYPES, type AdapterName, type Adapters, type ContainerOptions } from './adapters';
import type { AppConfig } from './config';
import { adminsFeature } from './features/admins/module';
import { bookingsFeature } from './features/bookings/module';
import { conditionsFeature } from './features/conditions/module';
import { documentsFeature } from './features/documents/module';
import { dutiesFeature } from './features/duties/module';
import { dutyAdminFeature } from './features/duties/admin-module';
import { eventsFeature } from './features/events/module';
import type { Feature, FeatureContext } from './features/feature';
import { mailFeature } from './features/mail/module';
import { memberSignInFeature } from './features/member-sign-in/module';
import { myClubFeature } from './features/my-club/module';
import { newsFeature } from './features/news/module';
import { paymentsFeature } from './features/payments/module';
import { photosFeature } from './features/photos/module';
import { scheduledJobsFeature } from './features/scheduled-jobs/module';
import { searchFeature } from './features/search/module';
import { sitePagesFeature } from './features/site-pages/module';
import { membershipFeature } from './features/membership/module';
import { waitingListFeature } from './features/waiting-list/module';
import { waterLevelsFeature } from './features/water-levels/module';
import { memberListFeature } from './features/member-list/module';
import { workDaysFeature } from './features/work-days/module';
import { privacyFeature } from './features/privacy/module';
import { checkInFeature } from './features/check-in/module';
import { announcementsFeature } from './features/announcements/module';
import { retentionFeature } from './features/retention/module';

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
  membershipFeature,
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
  announcementsFeature,
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
export async function createContainer(config: AppConfig, overrides: Partial<Adapters> = {}, options: ContainerOptions = {}): Promise<AppContainer> {
  const container = new Container({ defaultScope: 'Singleton' });
  // Always opened: the embedded default for storage and search, and SEARCH=sqlite's index with
  // STORAGE=firestore.
  const db: Knex = await openSqliteDatabase(databaseFile(config));
  container.bind(TYPES.config).toConstantValue(config);
  container.bind(TYPES.database).toConstantValue(db);
  const closeAdapters = await bindAdapters(container, config, db, overrides, options);

  const context: FeatureContext = { get: (name) => container.get(TYPES[name]), config, options: reportersOf(options), useCase: (type) => container.get(type) };
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
