import { z } from 'zod';
import { AdminSchema } from '../../core/entities/admin';
import { BookingSchema } from '../../core/entities/booking';
import { CampaignSchema } from '../../core/entities/campaign';
import { DocumentSchema } from '../../core/entities/document';
import { EventSchema } from '../../core/entities/event';
import { CurrencySchema } from '../../core/entities/money';
import { SearchHitSchema } from '../../core/entities/search-hit';
import { WaterLevelReadingSchema } from '../../core/entities/water-level';
import { WorkDayJobSchema, WorkDaySchema, WorkDaySignupSchema } from '../../core/entities/work-day';
import { EventFormValuesSchema } from '../../core/domain/event-form';

/** Response shapes for the OpenAPI document, built from the core entity schemas. */

export const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const UidParamsSchema = z.object({ uid: z.string().min(1).max(200) });

export const HealthSchema = z.object({
  status: z.literal('ok'),
  adapters: z.object({
    storage: z.string(),
    search: z.string(),
    payments: z.string(),
    identity: z.string(),
    campaigns: z.string(),
  }),
});

export const PublicConfigSchema = z.object({
  clubName: z.string(),
  publicSiteUrl: z.string(),
  feedbackEmail: z.string(),
  photosEmail: z.string(),
  waterLevelUrl: z.string(),
  waterSafetyUrl: z.string(),
  searchProvider: z.string(),
  paymentsMode: z.string(),
  maxAttendeesPerBooking: z.number().int(),
  /** Square's Web Payments SDK settings when PAYMENTS=square, else null. */
  square: z
    .object({
      applicationId: z.string().nullable(),
      locationId: z.string(),
      environment: z.enum(['sandbox', 'production']),
      scriptUrl: z.string(),
    })
    .nullable(),
});

export const ClosedReasonSchema = z.enum(['not-bookable', 'deadline-passed', 'event-over']).nullable();
export const CalendarEventSchema = EventSchema.extend({
  bookingOpen: z.boolean(),
  placesLeft: z.number().int().nullable(),
});
export const EventsResponseSchema = z.object({ events: z.array(CalendarEventSchema) });
export const EventResponseSchema = z.object({ event: CalendarEventSchema, closedReason: ClosedReasonSchema });

export const BookingCreatedSchema = z.object({
  bookingId: z.string(),
  paymentRequired: z.boolean(),
  amount: z.number().int(),
  currency: CurrencySchema,
  checkoutId: z.string().nullable(),
  redirectUrl: z.string().nullable(),
});

export const WorkDayWithCountsSchema = WorkDaySchema.extend({
  jobs: z.array(WorkDayJobSchema.extend({ currentVolunteers: z.number().int() })),
});
export const WorkDaysResponseSchema = z.object({ workDays: z.array(WorkDayWithCountsSchema) });
export const WorkDayResponseSchema = z.object({ workDay: WorkDayWithCountsSchema });
export const SignupCreatedSchema = z.object({ signupId: z.string(), jobsChosen: z.number().int() });

export const CampaignsResponseSchema = z.object({ campaigns: z.array(CampaignSchema) });
export const DocumentsResponseSchema = z.object({ documents: z.array(DocumentSchema.extend({ url: z.string() })) });
export const WaterLevelsQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
});
export const WaterLevelsResponseSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });
export const SearchQuerySchema = z.object({ q: z.string({ error: 'q must be text' }).max(200, 'The search is too long (at most 200 characters)').optional() });
export const SearchResponseSchema = z.object({ hits: z.array(SearchHitSchema), provider: z.string() });

export const SessionAdminSchema = AdminSchema.pick({ uid: true, email: true, name: true, role: true, permissions: true });
export const SessionResponseSchema = z.object({ admin: SessionAdminSchema });
export const AdminsResponseSchema = z.object({ admins: z.array(AdminSchema) });
export const AdminResponseSchema = z.object({ admin: AdminSchema });

export const DashboardSchema = z.object({
  recentEvents: z.array(EventSchema),
  statistics: z
    .array(z.object({ eventId: z.string(), eventName: z.string(), bookings: z.number().int(), attendees: z.number().int() }))
    .nullable(),
});
export const AdminEventsResponseSchema = z.object({ events: z.array(EventSchema) });
export const AdminEventResponseSchema = z.object({ event: EventSchema, form: EventFormValuesSchema });
export const EventSavedSchema = z.object({ event: EventSchema });

const RevenueSchema = z.record(z.string(), z.number().int());
export const OverviewSchema = z.object({
  from: z.string(),
  rows: z.array(
    z.object({
      eventId: z.string(),
      eventName: z.string(),
      eventdatetime: z.string().nullable(),
      currency: CurrencySchema,
      bookings: z.number().int(),
      attendees: z.number().int(),
      paid: z.number().int(),
      pending: z.number().int(),
      free: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
  totals: z.object({ bookings: z.number().int(), attendees: z.number().int(), revenue: RevenueSchema }),
});
export const EventBookingsSchema = z.object({
  event: EventSchema,
  summary: z.object({
    bookings: z.number().int(),
    attendees: z.number().int(),
    children: z.number().int(),
    softDrinks: z.number().int(),
    vegetarian: z.number().int(),
    paid: z.number().int(),
    pending: z.number().int(),
    free: z.number().int(),
    revenue: RevenueSchema,
  }),
  bookings: z.array(
    BookingSchema.extend({ paymentStatus: z.enum(['Paid', 'Pending', 'Free Event']), paymentIdShort: z.string() }),
  ),
});
export const AdminWorkDaysSchema = z.object({
  workDays: z.array(z.object({ workDay: WorkDayWithCountsSchema, signups: z.array(WorkDaySignupSchema) })),
});

export const CheckoutParamsSchema = z.object({ checkoutId: z.string().min(1).max(200) });
export const GatewayParamsSchema = z.object({ gateway: z.string().min(1).max(50) });
export const CheckoutResponseSchema = z.object({
  bookingId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  amount: z.number().int(),
  currency: CurrencySchema,
  paid: z.boolean(),
  paymentsMode: z.string(),
});
export const PaymentCompletedSchema = z.union([
  z.object({ status: z.literal('COMPLETED'), bookingId: z.string(), paymentId: z.string(), alreadyPaid: z.boolean() }),
  z.object({ status: z.literal('FAILED'), bookingId: z.string(), message: z.string() }),
]);
export const WebhookAnswerSchema = z.object({ status: z.enum(['COMPLETED', 'FAILED', 'IGNORED']) });
