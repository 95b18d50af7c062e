import { z } from 'zod';
import type { AdminEvent } from '../operations/get-admin-event';
import { AdminSchema, SessionAdminSchema } from '../admins/admin';
import { EventSchema } from '../events/event';
import { GoDecisionSchema } from '../conditions/event-conditions';
import { ConditionsLimitsSchema } from '../conditions/conditions-limits';
import { WorkDaySignupSchema, WorkDayWithCountsSchema } from '../work-days/work-day';
import { EventFormValuesSchema } from '../events/event-form';
import type { EventCancellationPreview } from '../bookings/event-cancellation';
import { OutboxMessageDetailSchema } from '../mail/list-outbox';
import { AdminListEventSchema } from '../operations/list-admin-events';
import type { CancelEventResult } from '../operations/cancel-event';
import { HandRefundSchema } from '../bookings/hand-refunds';

/**
 * The admin API's answer envelopes: the server declares its routes' answers with them (and the
 * OpenAPI document is built from them), and the admin panel reads the answers with the same ones.
 */

/** Who is signed in (GET and POST /api/admin/session). */
export const SessionResponseSchema = z.object({ admin: SessionAdminSchema });
export const AdminsResponseSchema = z.object({ admins: z.array(AdminSchema) });
export const AdminResponseSchema = z.object({ admin: AdminSchema });

/** Every event, each with its places taken and booking state (list-admin-events). */
export const AdminEventsResponseSchema = z.object({ events: z.array(AdminListEventSchema) });
/** An event to edit: as stored, as the form shows it, and the places its bookings take (the least capacity it may have). */
export const AdminEventResponseSchema = z.object({
  event: EventSchema,
  form: EventFormValuesSchema,
  placesTaken: z.number().int().min(0),
  /** The live bookings a save moving the event would e-mail (withEmail) and could not (withoutEmail), and its duty holders (each e-mailed). */
  changeNotice: z.object({ withEmail: z.number().int().min(0), withoutEmail: z.number().int().min(0), dutyHolders: z.number().int().min(0) }),
}) satisfies z.ZodType<AdminEvent>;
/** Who a save (or a postponement) that moved the event e-mailed: booked members and duty holders; zeros when it moved nothing. */
export const ChangeNoticeToldSchema = z.object({ members: z.number().int().min(0), dutyHolders: z.number().int().min(0) });

/** A go/no-go decision recorded: the decision, the event as it now stands, and who was told. */
export const GoDecisionAnswerSchema = z.object({ decision: GoDecisionSchema, event: EventSchema, told: ChangeNoticeToldSchema });

/** The conditions limits as saved. */
export const ConditionsLimitsSavedSchema = z.object({ limits: ConditionsLimitsSchema });
export const EventSavedSchema = z.object({ event: EventSchema, told: ChangeNoticeToldSchema.optional() });

/** What cancelling an event would do: its standing bookings, and how they are refunded. */
export const EventCancelPreviewSchema = z.object({
  bookings: z.number().int(),
  cardRefunds: z.number().int(),
  handRefunds: z.number().int(),
}) satisfies z.ZodType<EventCancellationPreview>;
/**
 * An event cancelled: the event as stored; how many bookings were cancelled, refunded to cards,
 * left "Refund failed" (a card refund refused) and "To refund by hand" (cash, transfers); and the
 * event's bookings still to repay by hand.
 */
export const EventCancelledSchema = z.object({
  event: EventSchema,
  cancelled: z.number().int(),
  refunded: z.number().int(),
  refundsFailed: z.number().int(),
  refundsByHand: z.number().int(),
  handRefunds: z.array(HandRefundSchema),
}) satisfies z.ZodType<CancelEventResult>;

export const AdminWorkDaysSchema = z.object({ workDays: z.array(z.object({ workDay: WorkDayWithCountsSchema, signups: z.array(WorkDaySignupSchema) })) });

export const OutboxMessageResponseSchema = z.object({ message: OutboxMessageDetailSchema });
