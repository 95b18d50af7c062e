import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/**
 * One change a member made to their booking (core/bookings/booking-amendment.ts), kept on the
 * booking: the numbers before and after and the money it moved. Apart from the rule so that the
 * booking's schema can hold it without importing the rule.
 */
export const BookingAmendmentSchema = z.object({
  /** 1 for the booking's first change, then 2, 3... */
  revision: z.number().int().positive(),
  at: InstantSchema,
  numberAttendingBefore: z.number().int().positive(),
  numberOfChildrenBefore: z.number().int().nonnegative(),
  numberAttending: z.number().int().positive(),
  numberOfChildren: z.number().int().nonnegative(),
  /** The new price less the price before, in minor units of the booking's currency: below 0, owed back to the member. */
  difference: z.number().int().min(-1e13).max(1e13),
  /**
   * The refund of a negative difference on a paid booking: pending (asked of the gateway),
   * refunded, failed (the gateway said no, for an admin to see), by-hand (cash or a transfer,
   * for a person to repay). Null when no money moves.
   */
  refundStatus: z.enum(['pending', 'refunded', 'failed', 'by-hand']).nullable(),
  refundId: z.string().max(200).nullable(),
  refundFailure: z.string().max(1000).nullable(),
  refundedAt: InstantSchema.nullable(),
});
export type BookingAmendment = z.infer<typeof BookingAmendmentSchema>;
