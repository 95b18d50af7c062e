import { afterEach, beforeEach, describe } from 'vitest';

/** Makes a fresh, empty adapter for one test, and closes it afterwards. */
export type AdapterFactory<T> = () => Promise<{ adapter: T; close(): Promise<void> }>;

/** Gives every test of the enclosing describe its own fresh adapter. */
export function useFreshAdapter<T>(makeAdapter: AdapterFactory<T>): () => T {
  let current: { adapter: T; close(): Promise<void> } | undefined;
  beforeEach(async () => {
    current = await makeAdapter();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('The adapter is only available inside a test');
    return current.adapter;
  };
}

/**
 * Declares the contract suite of one port, titled `<name> (<port> contract)` as every suite is:
 * `tests` declares its tests, each of which gets its own fresh adapter from `adapter()`.
 */
export function describeContract<T>(port: string, name: string, makeAdapter: AdapterFactory<T>, tests: (adapter: () => T) => void): void {
  describe(`${name} (${port} contract)`, () => {
    tests(useFreshAdapter(makeAdapter));
  });
}

/** What the promise rejected with; fails the test when it resolves instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}

export function minutesAfter(instant: string, minutes: number): Date {
  return new Date(Date.parse(instant) + minutes * 60_000);
}

export { markPaidByCard } from '../card-payment';

