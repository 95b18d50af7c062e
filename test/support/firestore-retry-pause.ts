import { createRequire } from 'node:module';

/**
 * The Firestore client's pause before it runs a transaction again that lost a race for a lock, in
 * the tests: 100 ms at first instead of the client's 1 s, growing 1.5 times a try as the client's
 * does (with the same random spread of half a pause either way, up to its 60 s).
 *
 * The race tests (two officers marking one version, two instances adding one member...) each lose
 * a round or two on purpose and spent about a second per round waiting: a quarter of the
 * Firestore contract file's time (docs/performance.md, "The test suite's time"). A shorter pause
 * changes when the loser tries again, never what it reads or writes: the same transactions run,
 * the same locks are taken, and every outcome a test checks is decided by the emulator as before.
 * Production keeps the client's own pause, which spreads many servers' retries further apart.
 *
 * The client reads its first pause from this module's export each time it makes a back-off, and
 * offers no setting for it; firebase-admin loads the same module (one copy in node_modules).
 */
const backoff = createRequire(import.meta.url)('@google-cloud/firestore/build/src/backoff.js') as { DEFAULT_BACKOFF_INITIAL_DELAY_MS: number };
backoff.DEFAULT_BACKOFF_INITIAL_DELAY_MS = 100;
