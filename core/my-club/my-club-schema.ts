import { z } from 'zod';
import { BookedAttendeeSchema, PaymentMethodSchema, RefundStatusSchema } from '../bookings/booking';
import { CurrencySchema } from '../shared/money';

/** One booking as My club shows it (GET /api/my/bookings). */
export const MyClubBookingSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  /** When the event starts (null: date to be confirmed). */
  eventStart: z.string().nullable(),
  upcoming: z.boolean(),
  numberAttending: z.number().int(),
  numberOfChildren: z.number().int(),
  /** The household people the member named as attending, as at booking time. */
  householdAttendees: z.array(BookedAttendeeSchema),
  status: z.string(),
  cancelled: z.boolean(),
  /** The manage link's path (a capability: shown to the member only). */
  managePath: z.string(),
  /** Whether the booking was made while signed in (false: a guest booking of the member's e-mail). */
  madeSignedIn: z.boolean(),
  receipt: z
    .object({
      amount: z.number().int(),
      currency: CurrencySchema,
      priceKind: z.enum(['member', 'standard']),
      method: PaymentMethodSchema.nullable(),
      paid: z.boolean(),
      refundStatus: RefundStatusSchema.nullable(),
      refundAmount: z.number().int().nullable(),
    })
    .nullable(),
});
export type MyClubBooking = z.infer<typeof MyClubBookingSchema>;

export const MyClubBookingsSchema = z.object({ upcoming: z.array(MyClubBookingSchema), past: z.array(MyClubBookingSchema) });
export type MyClubBookings = z.infer<typeof MyClubBookingsSchema>;
