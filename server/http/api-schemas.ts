import { z } from 'zod';
import { AdminSchema, SessionAdminSchema } from '../../core/entities/admin';
import { EventSchema } from '../../core/entities/event';
import { WorkDaySignupSchema, WorkDayWithCountsSchema } from '../../core/entities/work-day';
import { CampaignsResponseSchema } from '../../core/use-cases/campaigns-schema';
import { EventsResponseSchema } from '../../core/use-cases/calendar-schema';
import { DocumentsResponseSchema } from '../../core/use-cases/documents-schema';
import { WaterLevelsResponseSchema } from '../../core/use-cases/water-levels-schema';
import { WorkDayResponseSchema, WorkDaysResponseSchema } from '../../core/use-cases/work-day-schema';
import { ClubConfigSchema } from '../../core/entities/club-config';
import { BookingsOverviewSchema } from '../../core/domain/bookings-report';
import { CalendarEventSchema } from '../../core/use-cases/calendar-event';
import { DashboardSchema } from '../../core/use-cases/dashboard';
import { EventBookingsSchema } from '../../core/use-cases/event-bookings';
import { EventForBookingSchema } from '../../core/use-cases/get-event-for-booking';
import { BookingReceiptSchema } from '../../core/use-cases/submit-booking';
import { SignUpResultSchema } from '../../core/use-cases/work-day-signup-schema';
import { SearchAnswerSchema } from '../../core/use-cases/search';
import { CheckoutSchema } from '../../core/use-cases/get-checkout';
import { CardPaymentResultSchema } from '../../core/use-cases/confirm-payment';
import { WaterLevelsQuerySchema } from '../../core/use-cases/get-water-levels';
import { EventFormValuesSchema } from '../../core/domain/event-form';
import { OutboxListQuerySchema, OutboxListSchema, OutboxMessageDetailSchema } from '../../core/use-cases/list-outbox';

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
/**
 * The members' pages' answers are declared once in core's *-schema.ts files, which the web's
 * feature api files import too. The calendar page: its events, and the work days shown beside them.
 */
export { EventsResponseSchema };
export const EventResponseSchema = EventForBookingSchema;

export const BookingCreatedSchema = BookingReceiptSchema;

export { WorkDaysResponseSchema, WorkDayResponseSchema };
export const SignupCreatedSchema = SignUpResultSchema;

export { CampaignsResponseSchema, DocumentsResponseSchema };
export { WaterLevelsQuerySchema };
export { WaterLevelsResponseSchema };
export const SearchQuerySchema = z.object({ q: z.string({ error: 'q must be text' }).max(200, 'The search is too long (at most 200 characters)').optional() });
export const SearchResponseSchema = SearchAnswerSchema;

export { SessionAdminSchema };
export const SessionResponseSchema = z.object({ admin: SessionAdminSchema });
export const AdminsResponseSchema = z.object({ admins: z.array(AdminSchema) });
export const AdminResponseSchema = z.object({ admin: AdminSchema });

export { DashboardSchema };
export const AdminEventsResponseSchema = z.object({ events: z.array(EventSchema) });
export const AdminEventResponseSchema = z.object({ event: EventSchema, form: EventFormValuesSchema });
export const EventSavedSchema = z.object({ event: EventSchema });

export const OverviewSchema = BookingsOverviewSchema;
export { EventBookingsSchema };
export const AdminWorkDaysSchema = z.object({
  workDays: z.array(z.object({ workDay: WorkDayWithCountsSchema, signups: z.array(WorkDaySignupSchema) })),
});

export { OutboxListQuerySchema, OutboxListSchema };
export const OutboxMessageResponseSchema = z.object({ message: OutboxMessageDetailSchema });

export const CheckoutParamsSchema = z.object({ checkoutId: z.string().min(1).max(200) });
export const GatewayParamsSchema = z.object({ gateway: z.string().min(1).max(50) });
export const CheckoutResponseSchema = CheckoutSchema;
export const PaymentCompletedSchema = CardPaymentResultSchema;
export const WebhookAnswerSchema = z.object({ status: z.enum(['COMPLETED', 'FAILED', 'IGNORED']) });
