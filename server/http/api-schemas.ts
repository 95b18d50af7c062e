import { z } from 'zod';
import { SessionAdminSchema } from '../../core/admins/admin';
import { CampaignsResponseSchema } from '../../core/campaigns/campaigns-schema';
import { EventsResponseSchema } from '../../core/calendar/calendar-schema';
import { DocumentsResponseSchema } from '../../core/documents/documents-schema';
import { WaterLevelsResponseSchema } from '../../core/water-levels/water-levels-schema';
import { WorkDayResponseSchema, WorkDaysResponseSchema } from '../../core/work-days/work-day-schema';
import { ClubConfigSchema } from '../../core/content/club-config';
import { BookingsOverviewSchema } from '../../core/bookings/bookings-report';
import { CalendarEventSchema } from '../../core/bookings/calendar-event';
import { DashboardSchema } from '../../core/operations/dashboard';
import { EventBookingsSchema } from '../../core/operations/event-bookings';
import { EventForBookingSchema } from '../../core/bookings/get-event-for-booking';
import { BookingReceiptSchema } from '../../core/operations/submit-booking';
import { SignUpResultSchema } from '../../core/work-days/work-day-signup-schema';
import { SearchAnswerSchema } from '../../core/search/search';
import { CheckoutSchema } from '../../core/bookings/get-checkout';
import { CardPaymentResultSchema } from '../../core/bookings/confirm-payment';
import { WaterLevelsQuerySchema } from '../../core/water-levels/get-water-levels';
import { OutboxListQuerySchema, OutboxListSchema } from '../../core/mail/list-outbox';
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
} from '../../core/contract/admin-api-schema';

/** Response shapes for the OpenAPI document, built from the core entity schemas. */

export const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const UidParamsSchema = z.object({ uid: z.string().min(1).max(200) });

export const HealthSchema = z.object({
  status: z.literal('ok'),
  adapters: z.object({ storage: z.string(), search: z.string(), payments: z.string(), identity: z.string(), campaigns: z.string() }),
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
