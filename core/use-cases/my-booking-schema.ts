import { z } from 'zod';
import { CalendarEventSchema } from './calendar-event';

/** The manage page's request and answer (GetMyBooking), apart from the use case so the page loads no mail code. */
export const MyBookingQuerySchema = z.object({ token: z.string().max(600) });

/** What a member's manage page shows: the booking's details in the e-mail's words, and its event. */
export const MyBookingSchema = z.object({
  bookingId: z.string(),
  firstName: z.string(),
  status: z.string(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  event: CalendarEventSchema,
});
export type MyBooking = z.infer<typeof MyBookingSchema>;

