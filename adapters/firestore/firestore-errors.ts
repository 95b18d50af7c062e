import { ConflictError, NotFoundError, UnavailableError } from '../../core/shared/errors';

/** gRPC status codes Firestore answers with (google.rpc.Code). */
export const FIRESTORE_CODES = {
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  DEADLINE_EXCEEDED: 4,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  UNAVAILABLE: 14,
} as const;

/** The gRPC status code of a Firestore error, or null for any other error. */
export function firestoreCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

const TRANSIENT = new Set<number>([
  FIRESTORE_CODES.DEADLINE_EXCEEDED,
  FIRESTORE_CODES.RESOURCE_EXHAUSTED,
  FIRESTORE_CODES.ABORTED,
  FIRESTORE_CODES.UNAVAILABLE,
]);

/**
 * Translates a Firestore error into the core's errors: an existing document into
 * ConflictError, a missing one into NotFoundError, and an unreachable or overloaded database
 * (after the client's own retries) into UnavailableError. Core errors and anything else pass
 * through unchanged.
 */
export function translateFirestoreError(error: unknown, messages: { conflict?: string; notFound?: string } = {}): unknown {
  const code = firestoreCode(error);
  if (code === FIRESTORE_CODES.ALREADY_EXISTS && messages.conflict) return new ConflictError(messages.conflict);
  if (code === FIRESTORE_CODES.NOT_FOUND && messages.notFound) return new NotFoundError(messages.notFound);
  if (code !== null && TRANSIENT.has(code)) {
    return new UnavailableError(DATABASE_UNAVAILABLE);
  }
  return error;
}

export const DATABASE_UNAVAILABLE = 'The database is busy or out of reach. Please try again.';

/**
 * The longest a member or admin waits for one Firestore call (a transaction with its retries
 * counts as one). The client's own deadlines are a minute per attempt and it retries some errors
 * for longer still, so without this a request could hang for minutes on a database that does not
 * answer. Past it the caller gets UnavailableError; the call itself may still finish, which
 * every write here tolerates (ids are fixed before writing, payments are idempotent).
 */
export const FIRESTORE_CALL_DEADLINE_MS = 20_000;
let callDeadlineMs = FIRESTORE_CALL_DEADLINE_MS;

/** Sets the deadline of every Firestore call in this process (see callDeadlineMs). */
export function setFirestoreCallDeadline(ms: number): void {
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`A Firestore call deadline must be a positive whole number of milliseconds (got ${ms})`);
  callDeadlineMs = ms;
}

/**
 * A transaction that Firestore closed before it committed (it expired, or the emulator gave its
 * locks to another transaction on a busy machine) fails with INVALID_ARGUMENT "Transaction is
 * invalid or closed", which the SDK does not retry as it does ABORTED. Nothing of it was written,
 * so it is run again, as the SDK would after a conflict.
 */
const CLOSED_TRANSACTION_ATTEMPTS = 3;
function isClosedTransaction(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 3 && typeof message === 'string' && /transaction is invalid or closed|transaction (has )?expired/i.test(message);
}
async function retryingClosedTransactions<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= CLOSED_TRANSACTION_ATTEMPTS || !isClosedTransaction(error)) throw error;
    }
  }
}

/** Runs a Firestore call within the deadline, throwing core errors instead of Firestore's. */
export async function withCoreErrors<T>(work: () => Promise<T>, messages: { conflict?: string; notFound?: string } = {}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnavailableError(DATABASE_UNAVAILABLE)), callDeadlineMs);
  });
  try {
    return await Promise.race([retryingClosedTransactions(work), deadline]);
  } catch (error) {
    throw translateFirestoreError(error, messages);
  } finally {
    clearTimeout(timer);
  }
}
