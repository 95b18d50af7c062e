import { z } from 'zod';
import { LinkTokenRequestSchema } from '../shared/link-token';
import { CalendarEventSchema } from './calendar-event';

/** The manage page's request and answer (GetMyBooking), apart from the use case so the page loads no mail code. */
export const MyBookingQuerySchema = z.object({ token: z.string().max(600) });

/** The manage page's Cancel Booking request. */
export const CancelMyBookingRequestSchema = LinkTokenRequestSchema;

/** What a member's manage page shows: the booking's details in the e-mail's words, and its event. */
export const MyBookingSchema = z.object({
  bookingId: z.string(),
  /** The short reference to quote (`KYC-7F3K9`); the id for a booking not yet given one. */
  reference: z.string(),
  firstName: z.string(),
  status: z.string(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  event: CalendarEventSchema,
  /** Whether the member may cancel now; when not, `note` says why (or, once cancelled, what happened to the money). */
  canCancel: z.boolean(),
  cancelled: z.boolean(),
  note: z.string().nullable(),
  /** Whether an e-mail address was given: without one no confirmation comes, and the manage link is the only way back. */
  emailGiven: z.boolean(),
  /** The booking's numbers, for the Change booking form (docs/payments.md#changing-a-booking). */
  numberAttending: z.number().int(),
  numberOfChildren: z.number().int(),
  /** Whether the member may change the numbers now (the same deadline as cancelling; a paid event's booking once paid). */
  canChange: z.boolean(),
  /** MAX_ATTENDEES_PER_BOOKING: the most the form takes. */
  maxAttendees: z.number().int(),
});
export type MyBooking = z.infer<typeof MyBookingSchema>;
