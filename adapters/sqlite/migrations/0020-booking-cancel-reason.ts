import { columnsMigration } from '../sqlite-schema';

/**
 * The reason an admin gave when cancelling one booking (told to the member in the cancellation
 * e-mail, and in the audit entry). Null for every booking stored before this migration, and for
 * those cancelled without one. (Refunds to repay by hand, refundStatus 'by-hand', need no column:
 * refundStatus is text.)
 */
export const { up, down } = columnsMigration('bookings', 'cancelReason text optional');
