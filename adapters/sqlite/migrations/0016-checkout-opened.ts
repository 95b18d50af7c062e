import { columnsMigration } from '../sqlite-schema';

/**
 * When the member first opened an unpaid booking's checkout (its card step): until then the
 * booking holds its places for 10 minutes, after it for 30 (core/bookings/booking-state.ts). Null for
 * every booking stored before this migration, and for those never opened.
 */
export const { up, down } = columnsMigration('bookings', 'checkoutOpenedAt text optional');
