import { tablesMigration } from '../sqlite-schema';

/**
 * The events' waiting lists (SqliteWaitingList): each entry's fields, its e-mail also in lower
 * case (one entry in line per address and event), and when it joined in ms (the line's order).
 */
export const { up, down } = tablesMigration({
  waitlist_entries: {
    columns:
      'id text primary, eventId text, name text, email text, emailKey text, places integer, joinedAt text, joinedAtMs bigInteger, status text, offeredUntil text optional, updatedAt text',
    more: (t) => t.index(['eventId', 'joinedAtMs'], 'waitlist_entries_event'),
  },
});
