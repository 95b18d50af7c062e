import { z } from 'zod';
import { SessionAdminSchema } from '../../core/entities/admin';
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
