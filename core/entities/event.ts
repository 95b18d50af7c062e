import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema } from './money';
import { InstantSchema } from './instant';

/**
 * An event of the club. Dates are instants (UTC ISO strings); a start at exactly midnight
 * London time means an all-day event. `eventdatetime` null means the date is to be confirmed.
 * `price` is per adult in minor units; children pay half, rounded half-up.
 */
export const EventSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(200),
  description: z.string().max(2000),
  longdescription: z.string().max(20000),
  eventdatetime: InstantSchema.nullable(),
  eventenddatetime: InstantSchema.nullable(),
  bookingEndDate: InstantSchema.nullable(),
  allowBooking: z.boolean(),
  isBoatEvent: z.boolean(),
  offerChild: z.boolean(),
  offerSoftDrinks: z.boolean(),
  offerVeg: z.boolean(),
  requiresPayment: z.boolean(),
  price: MinorUnitsSchema,
  currency: CurrencySchema,
  /** Most attendees in total (beyond the spec); null means no limit. */
  capacity: z.number().int().positive().nullable(),
  /** No reminder e-mails for this event (beyond the spec; absent means they are sent). */
  remindersOff: z.boolean().optional(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type ClubEvent = z.infer<typeof EventSchema>;

/** The fields an administrator sets; id and timestamps are the server's. */
export const EventFieldsSchema = EventSchema.omit({ id: true, createdAt: true, updatedAt: true });
export type EventFields = z.infer<typeof EventFieldsSchema>;
