import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ScryptPasswordHasher } from '../../../adapters/node-crypto/scrypt-password-hasher';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import { ensureInitialAdmin } from '../../../server/initial-admin';
import { databaseFile, type Adapters } from '../../../server/container';
import { listenLocally } from '../../../server/http/http-server';
import { NO_ADDRESS_LIMITS } from '../address-limits';
import { migratedCopy } from '../temp-sqlite';

/** The repository root (this file is test/support/e2e/). */
export const ROOT = resolve(import.meta.dirname, '../../..');

/** The first admin the server creates on its empty database, unless a caller names another. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@kestrel-yc.example';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-2468';

/**
 * Builds the web app when dist/web is missing. CI builds before testing, so this only helps a
 * developer who has not; after changing web/ run `npm run build` again. A lock keeps two test
 * files from building at once.
 */
export function ensureWebBuild(): void {
  if (existsSync(join(ROOT, 'dist/web/index.html'))) return;
  const result = spawnSync('flock', ['/tmp/kyc-web-build.lock', 'sh', '-c', 'test -f dist/web/index.html || npm run build --silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would build React's development bundles (over the size budget).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web app did not build (npm run build failed)');
}

export interface AppServer {
  baseUrl: string;
  built: BuiltApp;
  config: AppConfig;
  dataDir: string;
  /** Stops listening, closes the app and deletes its data folder. */
  close(): Promise<void>;
}

export interface AppServerOptions {
  /** Environment overrides, e.g. INITIAL_ADMIN_EMAIL / INITIAL_ADMIN_PASSWORD or SEED_DEMO_DATA. */
  env?: Record<string, string>;
  /** Adapter overrides passed to buildApp (a fixed clock, a failing campaign source...). */
  adapters?: Partial<Adapters>;
  build?: Omit<BuildAppOptions, 'adapters'>;
}

/**
 * The whole app (API and built web app) built in this process with buildApp, on a fresh
 * temporary data folder seeded with the demo data, listening on 127.0.0.1 on a free port.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    INITIAL_ADMIN_EMAIL: E2E_ADMIN_EMAIL,
    INITIAL_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    ...NO_ADDRESS_LIMITS,
    // The tests' push service is a local server (test/support push endpoints).
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    ...options.env,
  });
  // The SQLite file the app opens, already migrated (test/support/temp-sqlite.ts, migratedCopy).
  if (config.adapters.storage === 'sqlite') await migratedCopy(databaseFile(config));
  let built: BuiltApp;
  try {
    // A cheaper password hash keeps sign-ins in tests quick; production uses the configured one.
    built = await buildApp(config, { ...options.build, adapters: { hasher: new ScryptPasswordHasher({ N: 1024 }), ...options.adapters } });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  try {
    // As server/main.ts does on a first start: the initial admin from INITIAL_ADMIN_EMAIL/PASSWORD.
    await ensureInitialAdmin({ admins: built.ports.get('admins'), identity: built.ports.get('identity'), clock: built.ports.get('clock') }, config);
  } catch (error) {
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const local = await listenLocally(built.app);
  return {
    baseUrl: local.baseUrl,
    built,
    config,
    dataDir,
    async close() {
      await local.stop();
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
