import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
  }
}

let emulator: FirestoreEmulator | undefined;

/**
 * Starts one real Firestore emulator for the API suite's Firestore run. Each test app uses a
 * collection prefix of its own, so test files share the emulator without resets.
 */
export async function setup(project: TestProject): Promise<void> {
  emulator = await startFirestoreEmulator('demo-kyc-api');
  project.provide('firestoreEmulatorHost', emulator.host);
}

export async function teardown(): Promise<void> {
  await emulator?.stop();
}
