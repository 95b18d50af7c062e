import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeFirestore, openFirestore } from '../../adapters/firestore/firestore-storage';
import { projectOnEmulator, startFirestoreEmulator, type FirestoreEmulator } from './firestore-emulator';

let projects = 0;

/**
 * A Firestore project of this test file's own on the run's emulator, started once for the whole
 * run by test/support/firestore-global-setup.ts at the first file that asks (ADR 54): reset()
 * and stop() empty this project only. Without that setup (a project that does not list it), an
 * emulator of the file's own, stopped by stop().
 */
export async function startFileEmulator(): Promise<FirestoreEmulator> {
  const service = inject('firestoreEmulatorService');
  if (!service) return startFirestoreEmulator();
  const answer = await fetch(service);
  if (!answer.ok) throw new Error(`The Firestore emulator did not start: ${await answer.text()}`);
  projects += 1;
  return projectOnEmulator(await answer.text(), `demo-kyc-f${process.pid}-${projects}`);
}

/**
 * The file's Firestore (startFileEmulator) and a client on it; the answer gives both once
 * started. The test fails, never skips, when the emulator cannot run, and nothing leaves
 * 127.0.0.1 (the Google auth library looks for no metadata server).
 */
export function useFirestoreEmulator(): () => { emulator: FirestoreEmulator; db: Firestore } {
  let emulator: FirestoreEmulator | undefined;
  let db: Firestore | undefined;
  beforeAll(async () => {
    process.env.METADATA_SERVER_DETECTION = 'none';
    emulator = await startFileEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    db = openFirestore({ projectId: emulator.projectId });
  });
  afterAll(async () => {
    if (db) await closeFirestore(db);
    await emulator?.stop();
    delete process.env.FIRESTORE_EMULATOR_HOST;
  });
  return () => {
    if (!emulator || !db) throw new Error('The Firestore emulator did not start');
    return { emulator, db };
  };
}

/**
 * Runs `body` on the emptied emulator with two clients of it, as two server instances have: the
 * file's own and a second one, closed after.
 */
export async function onTwoClients<T>(firestore: ReturnType<typeof useFirestoreEmulator>, body: (db: Firestore, second: Firestore) => Promise<T>): Promise<T> {
  const { emulator, db } = firestore();
  await emulator.reset();
  const second = openFirestore({ projectId: emulator.projectId });
  try {
    return await body(db, second);
  } finally {
    await closeFirestore(second);
  }
}
