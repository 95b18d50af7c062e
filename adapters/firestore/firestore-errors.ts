import { ConflictError, NotFoundError, UnavailableError } from '../../core/errors';

/** gRPC status codes Firestore answers with (google.rpc.Code). */
export const FIRESTORE_CODES = {
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  DEADLINE_EXCEEDED: 4,
  RESOURCE_EXHAUSTED: 8,
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
    return new UnavailableError('The database is busy or out of reach. Please try again.');
  }
  return error;
}

/** Runs a Firestore call, throwing core errors instead of Firestore's. */
export async function withCoreErrors<T>(work: () => Promise<T>, messages: { conflict?: string; notFound?: string } = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateFirestoreError(error, messages);
  }
}
