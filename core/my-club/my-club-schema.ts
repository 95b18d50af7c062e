import { z } from 'zod';
import { BookedAttendeeSchema, PaymentMethodSchema, RefundStatusSchema } from '../bookings/booking';
import { CurrencySchema } from '../shared/money';

/** The event a booking or a waiting-list place of My club is for. */
const MY_CLUB_EVENT_FIELDS = {
  eventId: z.string(),
  eventName: z.string(),
  /** When the event starts (null: date to be confirmed). */
  eventStart: z.string().nullable(),
};

/** A My club section's lines, split into those still to come and those past. */
function upcomingAndPast<Line extends z.ZodType>(line: Line) {
  return z.object({ upcoming: z.array(line), past: z.array(line) });
}

/** One booking as My club shows it (GET /api/my/bookings). */
export const MyClubBookingSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  ...MY_CLUB_EVENT_FIELDS,
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

export const MyClubBookingsSchema = upcomingAndPast(MyClubBookingSchema);
export type MyClubBookings = z.infer<typeof MyClubBookingsSchema>;

/** One place on an event's waiting list as My club shows it (GET /api/my/waiting-lists). */
export const MyClubWaitingListEntrySchema = z.object({
  entryId: z.string(),
  ...MY_CLUB_EVENT_FIELDS,
  places: z.number().int(),
  /** waiting: in line; offered: places are held for the member until `offer.until`. */
  status: z.enum(['waiting', 'offered']),
  /** A standing offer: until when its places are held, and its link to book them (the offer e-mail's; a capability). */
  offer: z.object({ until: z.string(), bookPath: z.string() }).nullable(),
  /** The link to leave the list (the joining e-mail's; a capability shown to the member only). */
  leavePath: z.string(),
});
export type MyClubWaitingListEntry = z.infer<typeof MyClubWaitingListEntrySchema>;

export const MyClubWaitingListsSchema = z.object({ entries: z.array(MyClubWaitingListEntrySchema) });
export type MyClubWaitingLists = z.infer<typeof MyClubWaitingListsSchema>;

/** One work-day sign-up of the member's e-mail as My club shows it (GET /api/my/work-days). */
export const MyClubWorkDayJobSchema = z.object({
  signupId: z.string(),
  workDayId: z.string(),
  workDayName: z.string(),
  /** When the work day starts (null: date to be confirmed). */
  date: z.string().nullable(),
  /** The jobs ticked, by title, then any written-in job. */
  jobs: z.array(z.string()),
  /** The link to withdraw (the sign-up e-mail's; a capability shown to the member only); null once the day is past. */
  withdrawPath: z.string().nullable(),
});
export type MyClubWorkDayJob = z.infer<typeof MyClubWorkDayJobSchema>;

export const MyClubWorkDaysSchema = upcomingAndPast(MyClubWorkDayJobSchema);
export type MyClubWorkDays = z.infer<typeof MyClubWorkDaysSchema>;

/** My club's feed section (GET and POST /api/my/calendar-feed): the feed's path, a capability shown to the member only. */
export const MyCalendarFeedLinkSchema = z.object({ path: z.string().nullable() });
export type MyCalendarFeedLink = z.infer<typeof MyCalendarFeedLinkSchema>;
