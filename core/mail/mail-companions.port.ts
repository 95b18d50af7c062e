import type { OutboxMessage } from './mail';

/**
 * What goes out with an e-mail besides the e-mail itself (its push notification,
 * docs/notifications.md#push), queued by the sender before it first hands the e-mail over.
 */
export interface MailCompanions {
  /** Queues what the message carries, only what is not queued already; nothing for a message that carries nothing. */
  queueFor(message: OutboxMessage): Promise<void>;
}
