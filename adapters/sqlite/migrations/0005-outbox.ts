import { tablesMigration } from '../sqlite-schema';

/**
 * The outbox of e-mails to members (SqliteOutbox): the message as JSON, and beside it what the
 * senders look up: its status, when it is next due (null once sent or given up) and its claim.
 */
export const { up, down } = tablesMigration({
  outbox:
    'id text primary, kind text, recordId text optional, status text, createdAtMs bigInteger index:outbox_created, dueAtMs bigInteger optional index:outbox_due, claim text optional, message text',
});
