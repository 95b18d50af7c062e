import { tablesMigration } from '../sqlite-schema';

/**
 * Walk-ins on the officer of the day's sheet (docs/officer-of-the-day.md#walk-ins): one row per
 * walk-in added, by the id the officer's device made, its details as JSON under `value`. A walk-in
 * removed keeps its row without details (`value` null), so its adding sent again stays applied once.
 */
export const { up, down } = tablesMigration({
  walk_ins: 'id text primary, eventId text index:walk_ins_event, addedAt text, value text null, removedAt text null',
});
