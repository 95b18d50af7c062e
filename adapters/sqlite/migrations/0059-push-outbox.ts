import { tablesMigration } from '../sqlite-schema';

/**
 * The push outbox (SqlitePushOutbox, docs/notifications.md#delivery): one row per notification
 * and device, the delivery as JSON, and beside it what the senders look up, as in the e-mail
 * outbox: when it is next due (null once settled for good) and its claim; and its member, for erasure.
 */
export const { up, down } = tablesMigration({
  push_outbox: 'id text primary, memberId text index:push_outbox_member, dueAtMs bigInteger optional index:push_outbox_due, claim text optional, delivery text',
});
