import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema } from './money';
import { InstantSchema } from './instant';

/**
 * A stored booking. Unpaid bookings of paid events hold their places for 30 minutes after
 * `submittedAt` (see core/domain/booking-state). Amounts are in minor units.
 */
export const BookingSchema = z.object({
  id: z.string().min(1),
  eventId: z.string().min(1),
  eventName: z.string(),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  numberAttending: z.number().int().positive(),
  numberOfChildren: z.number().int().nonnegative(),
  numberOfSoftDrinks: z.number().int().nonnegative(),
  numberOfVegetarian: z.number().int().nonnegative(),
  boatName: z.string().nullable(),
  userEmail: z.string().nullable(),
  submittedAt: InstantSchema,
  paymentRequired: z.boolean(),
  paid: z.boolean(),
  paymentAmount: MinorUnitsSchema.nullable(),
  paymentCurrency: CurrencySchema.nullable(),
  /** The payment provider's checkout (payment link) id, while or after paying. */
  checkoutId: z.string().nullable(),
  paymentId: z.string().nullable(),
  paymentCompletedAt: InstantSchema.nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;

/**
 * What the browser sends for a booking, before validation. Counts arrive as typed text or
 * numbers; validation strips non-digits and reads empty as 0 (core/domain/booking-validation).
 */
export const BookingFormValuesSchema = z.object({
  firstName: z.string().max(200).default(''),
  lastName: z.string().max(200).default(''),
  numberAttending: z.union([z.string().max(50), z.number()]).default(''),
  numberOfChildren: z.union([z.string().max(50), z.number()]).default(''),
  numberOfSoftDrinks: z.union([z.string().max(50), z.number()]).default(''),
  numberOfVegetarian: z.union([z.string().max(50), z.number()]).default(''),
  boatName: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
});
export type BookingFormValues = z.infer<typeof BookingFormValuesSchema>;

/** A booking form that passed validation: whole counts, trimmed names, e-mail or null. */
export interface ValidBooking {
  firstName: string;
  lastName: string;
  numberAttending: number;
  numberOfChildren: number;
  numberOfSoftDrinks: number;
  numberOfVegetarian: number;
  boatName: string | null;
  userEmail: string | null;
}

export const PaymentStatusSchema = z.enum(['Paid', 'Pending', 'Free Event']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
