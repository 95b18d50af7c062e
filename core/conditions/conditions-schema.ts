import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { CONDITIONS_RATINGS } from './compare-conditions';
import { ConditionsLimitsSchema, KindLimitsSchema } from './conditions-limits';
import { GO_DECISIONS, GoDecisionSchema } from './event-conditions';
import { ForecastHourSchema } from './forecast';

/** The forecast's state as members and admins see it: its age, or that there is none. */
export const ForecastStateSchema = z.object({
  /** When the forecast shown was fetched; null: no forecast (none configured, or never reached). */
  fetchedAt: InstantSchema.nullable(),
  /** Whole minutes since it was fetched; null without one. */
  ageMinutes: z.number().int().nonnegative().nullable(),
  /** Older than two hours: the provider has not been reached since (the last forecast is shown). */
  stale: z.boolean(),
});
export type ForecastState = z.infer<typeof ForecastStateSchema>;

/** GET /api/events/:id/conditions: the forecast for an upcoming event's hours, and the decision once made. */
export const MemberEventConditionsSchema = z.object({
  forecast: ForecastStateSchema,
  /** The forecast hours the event covers; empty outside the forecast's window or without one. */
  hours: z.array(ForecastHourSchema),
  decision: GoDecisionSchema.omit({ decidedBy: true }).nullable(),
  /** Open-Meteo's data is CC BY 4.0: who to credit, shown with the forecast. */
  attribution: z.string().nullable(),
});
export type MemberEventConditions = z.infer<typeof MemberEventConditionsSchema>;

/**
 * The safety-cover light, from the event's duty roster (the staffing light, core/duties): red when
 * a slot the event cannot run without is short, amber when only slots it can run without are,
 * green when every slot has its minimum, `no-roster` when the event has no duty slots; with the
 * short slots, required ones first.
 */
export const SafetyCoverSchema = z.object({
  status: z.enum(['green', 'amber', 'red', 'no-roster']),
  short: z.array(z.object({ dutyTypeName: z.string(), needed: z.number().int().positive(), held: z.number().int().nonnegative(), optional: z.boolean() })),
});
export type SafetyCover = z.infer<typeof SafetyCoverSchema>;

/** One event's go/no-go panel for admins. */
export const GoNoGoPanelSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  eventdatetime: InstantSchema.nullable(),
  eventenddatetime: InstantSchema.nullable(),
  cancelled: z.boolean(),
  over: z.boolean(),
  /** The kind chosen for the event (null: the club's default) and the limits it is judged by. */
  kind: z.string().nullable(),
  limits: KindLimitsSchema,
  marginKn: z.number(),
  kinds: z.array(KindLimitsSchema.pick({ id: true, name: true })),
  forecast: ForecastStateSchema,
  hours: z.array(ForecastHourSchema),
  rating: z.enum(CONDITIONS_RATINGS).nullable(),
  maxWindKn: z.number().nullable(),
  maxGustKn: z.number().nullable(),
  windRating: z.enum(CONDITIONS_RATINGS).nullable(),
  gustRating: z.enum(CONDITIONS_RATINGS).nullable(),
  safetyCover: SafetyCoverSchema,
  placesTaken: z.number().int().nonnegative(),
  capacity: z.number().int().positive().nullable(),
  decisions: z.array(GoDecisionSchema),
});
export type GoNoGoPanel = z.infer<typeof GoNoGoPanelSchema>;

/** The dashboard's list: the panels of the upcoming events within the forecast's window. */
export const GoNoGoListSchema = z.object({ panels: z.array(GoNoGoPanelSchema), forecast: ForecastStateSchema });

export const ConditionsLimitsAnswerSchema = z.object({ limits: ConditionsLimitsSchema, saved: z.boolean() });

/** PUT /api/admin/events/:id/go-no-go/kind */
export const EventKindRequestSchema = z.strictObject({ kind: z.string().max(40).nullable() });

/**
 * POST /api/admin/events/:id/go-no-go/decisions: the decision and its reason; a postponement
 * with the new start (and end, may be empty), as the event form writes them (London wall clock,
 * yyyy-MM-ddTHH:mm).
 */
export const GoDecisionRequestSchema = z.strictObject({
  decision: z.enum(GO_DECISIONS),
  reason: z.string().max(1000),
  eventdatetime: z.string().max(100).optional(),
  eventenddatetime: z.string().max(100).optional(),
});
export type GoDecisionRequest = z.infer<typeof GoDecisionRequestSchema>;

export const GO_NO_GO_MESSAGES = {
  reasonRequired: 'Give a reason for the decision',
  newStartRequired: 'Give the new start date and time',
  newStartNotDate: 'The new start is not a date and time',
  newEndBeforeStart: 'The new end must be after the new start',
  newStartInPast: 'The new start must be in the future',
  eventCancelled: 'This event has been cancelled: no other decision can be made',
  eventOver: 'This event is over: no decision can be made',
  noDate: 'This event has no date yet: no decision can be made',
  unknownKind: 'Choose one of the club’s kinds of event',
} as const;
