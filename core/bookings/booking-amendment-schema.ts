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
  /**
   * The card payment of a positive difference (a larger booking paid online through the change's
   * own checkout); null for every other change and for those stored before larger changes were payable.
   */
  paymentId: z.string().max(200).nullable().default(null),
  /** The change's own checkout that took that payment (a capability: admins never see it); null otherwise. */
  checkoutId: z.string().max(200).nullable().default(null),
});
export type BookingAmendment = z.infer<typeof BookingAmendmentSchema>;

/**
 * A larger change of a card-paid booking waiting for its payment (docs/payments.md#changing-a-booking):
 * the booking keeps its numbers until the difference is paid through the change's own checkout,
 * and meanwhile the extra places are held (places ledger, `change:<booking id>`) as a new
 * booking's are: 10 minutes from `at`, 30 once the checkout was opened.
 */
export const PendingChangeSchema = z.object({
  /** 1 for the booking's first larger change asked, then 2, 3...: never reused, so each has its own checkout. */
  attempt: z.number().int().positive(),
  /** The change's own checkout (a capability, like the booking's: admins never see it). */
  checkoutId: z.string().min(1).max(200),
  at: InstantSchema,
  checkoutOpenedAt: InstantSchema.nullable().default(null),
  numberAttending: z.number().int().positive(),
  numberOfChildren: z.number().int().nonnegative(),
  /** What the change costs more, in minor units: the checkout's amount. */
  difference: z.number().int().positive().max(1e13),
  priceKind: z.enum(['member', 'standard']),
  memberPlaces: z.number().int().nonnegative(),
  /** A payment that arrived after the hold lapsed and the places had gone: refunded, then the change is dropped. */
  latePaymentId: z.string().max(200).nullable().default(null),
});
export type PendingChange = z.infer<typeof PendingChangeSchema>;
