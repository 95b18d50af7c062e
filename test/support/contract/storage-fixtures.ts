import { afterEach, beforeEach, describe, expect, it } from 'vitest';

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

/** One question to a store and the answer expected: `[ask, answer]`, compared with `toEqual`. */
export type Question = readonly [ask: () => Promise<unknown>, answer: unknown];

/**
 * A test that asks the store each question in turn and expects each answer. Most suites open with
 * one: an empty store answers null for a record, [] for a list, 0 for a count.
 */
export function itAnswers(title: string, ...questions: Question[]): void {
  it(title, async () => {
    for (const [ask, answer] of questions) expect(await ask()).toEqual(answer);
  });
}

/** A store of records that expire (sessions, sign-in codes, reset tokens), as `itDeletesTheExpired` uses it. */
export interface ExpiringRecords<R> {
  store: () => { deleteExpired(now: Date): Promise<number>; get(key: string): Promise<unknown> };
  add: (record: R) => Promise<unknown>;
  keyOf: (record: R) => string;
}

/**
 * The test of `deleteExpired(now)`: the records added that expired before now go and are counted,
 * those expiring at now or later stay; asked again, it finds none to delete.
 */
export function itDeletesTheExpired<R>(title: string, records: ExpiringRecords<R>, now: Date, { expired, kept }: { expired: R[]; kept: R[] }): void {
  it(title, async () => {
    for (const record of [...expired, ...kept]) await records.add(record);
    expect(await records.store().deleteExpired(now)).toBe(expired.length);
    for (const record of expired) expect(await records.store().get(records.keyOf(record))).toBeNull();
    for (const record of kept) expect(await records.store().get(records.keyOf(record))).not.toBeNull();
    expect(await records.store().deleteExpired(now)).toBe(0);
  });
}

/** A queue whose items a runner claims for a lease and then settles (the job queue, the outbox). */
export interface LeasedQueue<I, C extends { claim: unknown }> {
  claimDue(now: Date, leaseMs: number, limit: number): Promise<C[]>;
  settle(claim: C, outcome: I): Promise<boolean>;
  get(id: string): Promise<I | null>;
}

/** How `itHandsAnUnsettledClaimOn` adds `item` and reads a claim's item, and what it expects. */
export interface UnsettledClaimCase<I, C> {
  add(items: I[]): Promise<unknown>;
  itemOf(claim: C): I;
  item: I;
  leaseMs: number;
  /** The item's status while it waits for a runner. */
  waiting: string;
  /** The item as its runner settles it at `at`. */
  settled(item: I, at: Date): I;
  start: Date;
  end: Date;
}

/**
 * The test of a claim whose holder died: claimed at `start`, the item is claimed again only once the
 * lease ran out; the first holder's outcome (settled at `end`) is refused, the second's kept.
 */
export function itHandsAnUnsettledClaimOn<I extends { id: string; status: string }, C extends { claim: unknown }>(
  title: string,
  queue: () => LeasedQueue<I, C>,
  { add, itemOf, item, leaseMs, waiting, settled, start, end }: UnsettledClaimCase<I, C>,
): void {
  it(title, async () => {
    await add([item]);
    const [stale] = await queue().claimDue(start, leaseMs, 5);
    expect(await queue().claimDue(new Date(start.getTime() + leaseMs - 1), leaseMs, 5)).toEqual([]);
    const [fresh] = await queue().claimDue(new Date(start.getTime() + leaseMs), leaseMs, 5);
    expect(itemOf(fresh)).toEqual(item);
    expect(fresh.claim).not.toBe(stale.claim);
    expect(await queue().settle(stale, settled(itemOf(stale), end))).toBe(false);
    expect((await queue().get(item.id))?.status).toBe(waiting);
    expect(await queue().settle(fresh, settled(itemOf(fresh), end))).toBe(true);
    expect(await queue().get(item.id)).toEqual(settled(item, end));
  });
}

/** Opens a store, runs `work` on it, then closes it, whether `work` passed or threw. */
export async function withStore<S extends { close(): Promise<void> }>(open: () => Promise<S>, work: (store: S) => Promise<void>): Promise<void> {
  const store = await open();
  try {
    await work(store);
  } finally {
    await store.close();
  }
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
