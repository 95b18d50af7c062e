import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema } from '../shared/money';
import { InstantSchema } from '../shared/instant';

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
  /**
   * Per adult, in minor units, for current members and their households' dependants (docs/payments.md#member-prices;
   * core/bookings/booking-price.ts). Never above `price`; absent or null means none. Only a paid
   * event has one: a free event stores none.
   */
  memberPrice: MinorUnitsSchema.nullable().optional(),
  currency: CurrencySchema,
  /** Most attendees in total (beyond the spec); null means no limit. */
  capacity: z.number().int().positive().nullable(),
  /** No reminder e-mails for this event (beyond the spec; absent means they are sent). */
  remindersOff: z.boolean().optional(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  /**
   * Raised by one on every change of the event (RFC 5545 SEQUENCE): calendars that hold the
   * event take the copy with the highest number. Events stored before it existed read as 0.
   */
  sequence: z.number().int().nonnegative().default(0),
  /** When the event was called off; null while it stands. It stays listed, marked cancelled. */
  cancelledAt: InstantSchema.nullable().default(null),
  /** Why the event was called off, as members are told; null while it stands. */
  cancelReason: z.string().max(2000).nullable().default(null),
  /** The event series this event is a date of (core/events/event-series.ts); absent or null for an event of its own. */
  seriesId: z.string().min(1).max(200).nullable().optional(),
});
export type ClubEvent = z.infer<typeof EventSchema>;

/** The fields an administrator sets; id, timestamps, sequence, cancellation and series are the server's. */
export const EventFieldsSchema = EventSchema.omit({
  id: true,
  createdAt: true,
  updatedAt: true,
  sequence: true,
  cancelledAt: true,
  cancelReason: true,
  seriesId: true,
});
export type EventFields = z.infer<typeof EventFieldsSchema>;

/** The server's fields of an event just created: never changed, not cancelled. */
export const NEW_EVENT = { sequence: 0, cancelledAt: null, cancelReason: null } as const;
