import type { Logger } from 'pino';
import { DeliverPush } from '../core/push/deliver-push';
import type { AppContainer } from './container';
import { startRounds } from './rounds';

/** How often the server looks for due push notifications: one leaves within this of being queued. */
export const PUSH_ROUND_MS = 5_000;

/**
 * The server process delivers the push outbox itself, beside the e-mail outbox
 * (server/mail-sender.ts): a round every PUSH_ROUND_MS, never two at once; the claims send each
 * delivery once with several instances. Returns the function that stops it.
 */
export function startPushDelivery(ports: AppContainer, logger: Logger, everyMs = PUSH_ROUND_MS): () => Promise<void> {
  const deliver = ports.useCase(DeliverPush);
  return startRounds(
    async () => {
      // A round takes at most its limit; a fan-out of hundreds goes on in the next rounds at once.
      for (;;) {
        const result = await deliver.execute({ limit: 200 });
        const done = result.sent + result.retrying + result.failed + result.lost + result.gone;
        if (done > 0) logger.info({ push: result }, 'Push round');
        if (done < 200) break;
      }
    },
    everyMs,
    logger,
    'Push round failed; it runs again shortly',
  );
}
