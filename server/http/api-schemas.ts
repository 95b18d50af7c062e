import { z } from 'zod';
import { SessionAdminSchema } from '../../core/entities/admin';
import { CampaignSchema } from '../../core/entities/campaign';
import { WaterLevelReadingSchema } from '../../core/entities/water-level';
import { WorkDayWithCountsSchema } from '../../core/entities/work-day';
import { ClubConfigSchema } from '../../core/entities/club-config';
import { BookingsOverviewSchema } from '../../core/domain/bookings-report';
import { CalendarEventSchema } from '../../core/use-cases/calendar-event';
import { DashboardSchema } from '../../core/use-cases/dashboard';
import { EventBookingsSchema } from '../../core/use-cases/event-bookings';
import { EventForBookingSchema } from '../../core/use-cases/get-event-for-booking';
import { BookingReceiptSchema } from '../../core/use-cases/submit-booking';
import { SignUpResultSchema } from '../../core/use-cases/work-day-signup-schema';
import { CalendarWorkDaySchema } from '../../core/use-cases/calendar-work-day';
import { ListedDocumentSchema } from '../../core/use-cases/club-content';
import { SearchAnswerSchema } from '../../core/use-cases/search';
import { CheckoutSchema } from '../../core/use-cases/get-checkout';
import { CardPaymentResultSchema } from '../../core/use-cases/confirm-payment';
import { WaterLevelsQuerySchema } from '../../core/use-cases/get-water-levels';
import { OutboxListQuerySchema, OutboxListSchema } from '../../core/use-cases/list-outbox';
// The admin answers' envelopes live in the core, where the admin panel reads answers with them too.
import {
  AdminEventResponseSchema,
  AdminEventsResponseSchema,
  AdminResponseSchema,
  AdminsResponseSchema,
  AdminWorkDaysSchema,
  EventSavedSchema,
  OutboxMessageResponseSchema,
  SessionResponseSchema,
} from '../../core/use-cases/admin-api-schema';

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

/** The schemas of what the use cases answer live beside them in core; here only the wrappers. */
export const PublicConfigSchema = ClubConfigSchema;
export { CalendarEventSchema };
/** The calendar page: its events, and the work days shown beside them (marked, with a Sign up link). */
export const EventsResponseSchema = z.object({ events: z.array(CalendarEventSchema), workDays: z.array(CalendarWorkDaySchema) });
export const EventResponseSchema = EventForBookingSchema;

export const BookingCreatedSchema = BookingReceiptSchema;

export const WorkDaysResponseSchema = z.object({ workDays: z.array(WorkDayWithCountsSchema) });
export const WorkDayResponseSchema = z.object({ workDay: WorkDayWithCountsSchema });
export const SignupCreatedSchema = SignUpResultSchema;

export const CampaignsResponseSchema = z.object({ campaigns: z.array(CampaignSchema) });
export const DocumentsResponseSchema = z.object({ documents: z.array(ListedDocumentSchema) });
export { WaterLevelsQuerySchema };
export const WaterLevelsResponseSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });
export const SearchQuerySchema = z.object({ q: z.string({ error: 'q must be text' }).max(200, 'The search is too long (at most 200 characters)').optional() });
export const SearchResponseSchema = SearchAnswerSchema;

export { SessionAdminSchema };
export { SessionResponseSchema, AdminsResponseSchema, AdminResponseSchema };

export { DashboardSchema };
export { AdminEventsResponseSchema, AdminEventResponseSchema, EventSavedSchema };

export const OverviewSchema = BookingsOverviewSchema;
export { EventBookingsSchema };
export { AdminWorkDaysSchema };

export { OutboxListQuerySchema, OutboxListSchema };
export { OutboxMessageResponseSchema };

export const CheckoutParamsSchema = z.object({ checkoutId: z.string().min(1).max(200) });
export const GatewayParamsSchema = z.object({ gateway: z.string().min(1).max(50) });
export const CheckoutResponseSchema = CheckoutSchema;
export const PaymentCompletedSchema = CardPaymentResultSchema;
export const WebhookAnswerSchema = z.object({ status: z.enum(['COMPLETED', 'FAILED', 'IGNORED']) });
