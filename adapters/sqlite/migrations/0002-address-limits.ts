import { tablesMigration } from '../sqlite-schema';

/** The booking-spam counters per client address (SqliteAddressLimitStore). */
export const { up, down } = tablesMigration({
  address_hits: 'key text primary, hits integer, resetAtMs bigInteger index:address_hits_reset',
  address_place_holds: { columns: 'key text, id text, places integer, untilMs bigInteger', more: (t) => t.primary(['key', 'id']) },
});
