import { expect } from 'vitest';

/**
 * How long a retried assertion keeps reading before it fails, and how often it reads. Generous:
 * it ends as soon as the condition holds, and only one that never does waits this long (on a
 * busy 2-core machine a server's background round or a page's re-render can take seconds).
 */
export const EVENTUALLY = { timeout: 120_000, interval: 20 } as const;

/**
 * An assertion on something that is still changing (a background sender, a job round, a page),
 * retried until it holds: `await eventually(() => outbox.get(id).then((m) => m?.status)).toBe('sent')`.
 * The test's way to wait for a condition: no loop with a sleep.
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { ...EVENTUALLY, message });
}
