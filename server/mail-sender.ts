import type { Logger } from 'pino';
import { DeliverOutbox } from '../core/mail/deliver-outbox';
import type { AppContainer } from './container';
import { startRounds } from './rounds';

/** How often the server looks for due e-mails: a confirmation leaves within this of being written. */
export const MAIL_ROUND_MS = 15_000;

/**
 * With SMTP_URL set, the server process delivers the outbox itself: a round every MAIL_ROUND_MS,
 * never two at once. Several server instances may each run it: the outbox's claims send every
 * message once. Returns the function that stops it (waiting for a round under way).
 */
export function startMailSender(ports: AppContainer, logger: Logger, everyMs = MAIL_ROUND_MS): () => Promise<void> {
  const deliver = ports.useCase(DeliverOutbox);
  return startRounds(
    async () => {
      const result = await deliver.execute();
      if (result.sent + result.retrying + result.failed + result.lost > 0) logger.info({ mail: result }, 'Outbox round');
      if (result.failed > 0) logger.error({ failed: result.failed }, 'E-mails given up after a day of refusals: see the outbox in the admin panel');
    },
    everyMs,
    logger,
    'Outbox round failed; it runs again shortly',
  );
}
