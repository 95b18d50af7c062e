import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One run for every kind of test. Browser (e2e) tests start their own server and Chromium;
// they run in their own files so vitest's file parallelism (2 workers here) keeps them apart.
// The API suite runs twice: on SQLite (in `default`) and on the real Firestore emulator.
export default defineConfig({
  // As in web/vite.config.ts and tsconfig.json: the web's modules import the core as @core/...
  resolve: { alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) } },
  test: {
    environment: 'node',
    // Timeouts catch hangs; they do not measure. A test is as fast as its work, and a busy
    // machine (CI beside other jobs, both cores loaded) may take several times longer.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each worker keeps its modules from one test file to the next instead of importing the app
    // (express, firebase-admin, zod schemas...) again for every file: measured on eight API files,
    // 68 s became 24 s. Test files therefore leave no global state behind: each builds its own
    // app, opens its own storage and restores any environment variable it sets.
    isolate: false,
    coverage: {
      enabled: true,
      // Istanbul counts only in the files it instruments (core/ below). V8's coverage counts every
      // block of every script in the worker (express, zod, fast-check, gRPC, playwright...) and
      // sends it all after each file: on the same API files it made the tests 25-90% slower, where
      // Istanbul's cost is within the noise (docs/performance.md, "The test suite's time").
      provider: 'istanbul',
      include: ['core/**/*.ts'],
      exclude: ['core/**/*.port.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['test/**/*.test.ts'],
          // The run's one Firestore emulator, shared with api-firestore: the contract files ask for
          // it (test/support/firestore-emulator-for-file.ts) and each uses a project of its own.
          globalSetup: ['test/support/firestore-global-setup.ts'],
          setupFiles: ['test/support/firestore-retry-pause.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The web app's components, rendered with Testing Library in happy-dom (docs/testing.md):
          // forms, loading, empty and error states. Browser flows stay in the e2e files on Chromium.
          name: 'component',
          include: ['test/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/support/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-firestore',
          include: ['test/{app,features/*}/api/**/*.test.ts'],
          // Files about something the storage does not touch run on SQLite only: starting the server
          // as a process (the start-up), the OpenAPI document, the security headers and the request
          // log, the fuzz tests (bad input is refused before any store is read), the permission
          // matrix and the admin password and throttle rules (checked before or beside the stores,
          // whose Firestore adapters the contract tests cover). docs/performance.md, "The test suite's time".
          exclude: [
            'test/app/api/start.test.ts',
            'test/app/api/openapi-and-site.test.ts',
            'test/app/api/openapi-lint.test.ts',
            'test/app/api/log-redaction.test.ts',
            'test/app/api/bad-input.test.ts',
            'test/features/payments/api/payments-bad-input.test.ts',
            'test/features/admins/api/admin-access.test.ts',
            'test/features/admins/api/change-password.test.ts',
            'test/features/admins/api/sign-in-throttle.test.ts',
          ],
          env: { API_TEST_STORAGE: 'firestore' },
          globalSetup: ['test/support/firestore-global-setup.ts'],
          setupFiles: ['test/support/firestore-retry-pause.ts'],
        },
      },
    ],
  },
});
