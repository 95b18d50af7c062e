/**
 * Limits for tests that race several server processes (ADR 10: limits catch hangs, they do not
 * measure). Three workers, each starting tsx and firing 100+ transactions at one emulator or
 * SQLite file, share two cores with the rest of the suite: on a machine loaded 10 times over one
 * worker took more than 100 s without anything being wrong, so the limit sits well above that.
 */
export const WORKER_LIMIT_MS = 500_000;

/** The vitest limit for a test that waits on such workers: theirs, plus starting and checking. */
export const WORKER_TEST_TIMEOUT_MS = WORKER_LIMIT_MS + 60_000;

/**
 * A worker's Firestore call deadline. The product's 20 s (ADR 9) tells a member to try again
 * when the database is slow; a race test checks what the writes add up to, so in its workers a
 * call waits as long as the worker may run, and slowness alone never fails it.
 */
export const WORKER_FIRESTORE_CALL_DEADLINE_MS = WORKER_LIMIT_MS;
