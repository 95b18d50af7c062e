import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { withCoreErrors } from './firestore-errors';

/**
 * Firestore's server-side transactions lock what they read, so transactions of one process that
 * read the same documents (an event's bookings) wait on each other until the lock times out
 * and retry: fifty bookings at once would take minutes. Work on one key is therefore run one
 * at a time within a process; transactions still keep separate processes correct.
 */
const tails = new WeakMap<object, Map<string, Promise<void>>>();

/** Runs `work` after every earlier work of the same owner and key has settled. */
export function inTurn<T>(owner: object, key: string, work: () => Promise<T>): Promise<T> {
  let queues = tails.get(owner);
  if (!queues) {
    queues = new Map();
    tails.set(owner, queues);
  }
  const previous = queues.get(key) ?? Promise.resolve();
  const result = previous.then(work);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return result;
}

/**
 * How often a transaction is tried before its error reaches the caller: more than the client's
 * default of 5, because several server processes booking one event may abort each other a few
 * times in a row.
 */
export const TRANSACTION_ATTEMPTS = 10;

/**
 * The pause before an optimistic write that lost a race (another server wrote a document it read)
 * is tried again: random, so racing servers do not meet again, and longer with each try, up to
 * 50 ms.
 */
export function pauseAfterLostRace(tries: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * tries)));
}

/**
 * A read-modify-write transaction on `db`, run in turn with this process's other work on `key`
 * (inTurn), tried up to TRANSACTION_ATTEMPTS times, its errors as the core's (withCoreErrors).
 */
export function transactionInTurn<T>(db: Firestore, key: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return inTurn(db, key, () => transaction(db, work));
}

/** A read-modify-write transaction on `db`, tried up to TRANSACTION_ATTEMPTS times, its errors as the core's (withCoreErrors). */
export function transaction<T>(db: Firestore, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return withCoreErrors(() => runTransactionTried(db, work));
}

/**
 * `db.runTransaction(work)` tried up to TRANSACTION_ATTEMPTS times rather than the client's 5: a few
 * writers racing on one document (two senders claiming a message, a phone's queue sent twice) on a
 * busy machine can abort each other more than five times. Errors are left as the client's.
 */
export function runTransactionTried<T>(db: Firestore, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.runTransaction(work, { maxAttempts: TRANSACTION_ATTEMPTS });
}
