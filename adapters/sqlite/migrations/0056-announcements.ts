import { tablesMigration } from '../sqlite-schema';

/**
 * Announcements to an event's people (docs/notifications.md#announcements): one row per
 * announcement, by the id the admin's device made, the announcement as JSON under `value`, and
 * `sentAtMs` to list them newest first. Its e-mails are in `outbox`, written in the same transaction.
 */
export const { up, down } = tablesMigration({ announcements: 'id text primary, eventId text index:announcements_event, sentAtMs bigInteger, value text' });
