import type { Logger } from 'pino';

/**
 * Runs `round` now and then every `everyMs`, never two at once (a round still running when the
 * next is due makes that one skip), logging a round that throws with `failure`: the server's
 * background work (the outbox's sender, the job runner). Returns the function that stops it,
 * waiting for a round under way.
 */
export function startRounds(round: () => Promise<void>, everyMs: number, logger: Logger, failure: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .catch((error: unknown) => logger.error({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
