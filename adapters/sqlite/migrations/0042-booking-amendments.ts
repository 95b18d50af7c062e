import { columnsMigration } from '../sqlite-schema';

/**
 * A member changes their booking through the manage link (core/bookings/booking-amendment.ts):
 * each change is kept on the booking as JSON. Bookings stored before: never changed.
 */
export const { up, down } = columnsMigration('bookings', 'amendments text default:[]');
