import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { EventKindIdSchema } from './conditions-limits';

/** The officer's decisions on an event: it goes ahead, it moves to another time, or it is called off. */
export const GO_DECISIONS = ['go', 'postpone', 'cancel'] as const;
export type GoDecisionKind = (typeof GO_DECISIONS)[number];

/** One decision as recorded: what, why, who and when; a postponement with the times before and after. */
export const GoDecisionSchema = z.object({
  decision: z.enum(GO_DECISIONS),
  reason: z.string().trim().min(1).max(1000),
  decidedAt: InstantSchema,
  decidedBy: z.string().min(1).max(320),
  /** A postponement's times: the event's start and end before and after it moved. */
  moved: z
    .object({ fromStart: InstantSchema.nullable(), fromEnd: InstantSchema.nullable(), toStart: InstantSchema, toEnd: InstantSchema.nullable() })
    .nullable(),
});
export type GoDecision = z.infer<typeof GoDecisionSchema>;

/**
 * What the go/no-go keeps about one event: the kind of event its limits are those of (null: the
 * club's default kind) and its decisions, oldest first (the last one stands).
 */
export const EventConditionsSchema = z.object({
  eventId: z.string().regex(/^[^/]{1,200}$/),
  kind: EventKindIdSchema.nullable(),
  decisions: z.array(GoDecisionSchema).max(100),
});
export type EventConditions = z.infer<typeof EventConditionsSchema>;

/** An event nothing is kept about yet: the default kind, no decision. */
export function noEventConditions(eventId: string): EventConditions {
  return { eventId, kind: null, decisions: [] };
}

/** The decision that stands: the last one, or null. */
export function currentDecision(record: Pick<EventConditions, 'decisions'>): GoDecision | null {
  return record.decisions.at(-1) ?? null;
}
