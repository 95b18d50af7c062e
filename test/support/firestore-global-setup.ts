import { createServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the run's Firestore emulator (the `api-firestore` project, started before its files). */
    firestoreEmulatorHost: string;
    /** An address in the vitest process that starts the run's emulator at the first ask and answers its host:port. */
    firestoreEmulatorService: string;
  }
}

/**
 * One real Firestore emulator for the whole test run, shared by both projects (ADR 54). Starting
 * one takes seconds of both cores (gcloud, then a JVM): the suite used to start one per
 * Firestore test file, about twenty. The API suite's Firestore run needs it at once, so it is
 * started before that project's files and its host provided; the `default` project's contract
 * files ask for it through `firestoreEmulatorService` (test/support/firestore-emulator-for-file.ts),
 * so a run of files that never use Firestore never starts it. Isolation is by name: each API test
 * app uses a collection prefix of its own, each contract file a project of its own.
 *
 * Each project loads this file on its own, so the emulator and its users are kept on globalThis,
 * once for the vitest process; the last project's teardown stops it.
 */
interface Shared {
  emulator?: Promise<FirestoreEmulator>;
  users: number;
}
const SHARED = Symbol.for('kyc.test.firestoreEmulator');

function shared(): Shared {
  const holder = globalThis as unknown as Record<symbol, Shared | undefined>;
  return (holder[SHARED] ??= { users: 0 });
}

function emulator(): Promise<FirestoreEmulator> {
  const state = shared();
  state.emulator ??= startFirestoreEmulator('demo-kyc-api');
  return state.emulator;
}

/** Returns its teardown (per project: each project's setup has its own service). */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared().users += 1;
  const service = createServer((_req, res) => {
    emulator().then(
      ({ host }) => res.end(host),
      (error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const address = service.address();
  project.provide('firestoreEmulatorService', `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  if (project.config.env?.API_TEST_STORAGE === 'firestore') project.provide('firestoreEmulatorHost', (await emulator()).host);
  return async () => {
    await new Promise((resolve) => service.close(resolve));
    const state = shared();
    state.users -= 1;
    if (state.users > 0 || !state.emulator) return;
    const running = state.emulator;
    state.emulator = undefined;
    await (await running.catch(() => undefined))?.stop();
  };
}
