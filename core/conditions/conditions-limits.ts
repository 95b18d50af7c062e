import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/** A kind of event's id: lower-case words joined by hyphens ("club-racing"). */
export const EventKindIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens')
  .max(40);

/** The most wind and gusts (knots) the club sails a kind of event in. */
export const KindLimitsSchema = z.object({
  id: EventKindIdSchema,
  name: z.string().trim().min(1, 'Name the kind of event').max(60),
  windKn: z.number().min(1).max(100),
  gustKn: z.number().min(1).max(120),
});
export type KindLimits = z.infer<typeof KindLimitsSchema>;

/**
 * The club's limits: one set per kind of event, the kind an event without one is judged by, and
 * the margin (knots) below a limit from which the forecast counts as near it.
 */
export const ConditionsLimitsSchema = z
  .object({
    kinds: z.array(KindLimitsSchema).min(1, 'Keep at least one kind of event').max(20),
    defaultKind: EventKindIdSchema,
    marginKn: z.number().min(0).max(20),
    updatedAt: InstantSchema.nullable(),
    updatedBy: z.string().max(320).nullable(),
  })
  .superRefine((limits, ctx) => {
    const ids = limits.kinds.map((kind) => kind.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['kinds'], message: 'Each kind of event needs its own id' });
    if (!ids.includes(limits.defaultKind)) ctx.addIssue({ code: 'custom', path: ['defaultKind'], message: 'The default kind must be one of the kinds' });
  });
export type ConditionsLimits = z.infer<typeof ConditionsLimitsSchema>;

/**
 * The limits a club starts with, until an admin saves its own (the issue's examples: club racing
 * 20 kn wind and 28 kn gusts, junior training 12 and 18), and a 3 kn margin.
 */
export const DEFAULT_CONDITIONS_LIMITS: ConditionsLimits = {
  kinds: [
    { id: 'club-racing', name: 'Club racing', windKn: 20, gustKn: 28 },
    { id: 'junior-training', name: 'Junior training', windKn: 12, gustKn: 18 },
    { id: 'adult-training', name: 'Adult training', windKn: 15, gustKn: 22 },
  ],
  defaultKind: 'club-racing',
  marginKn: 3,
  updatedAt: null,
  updatedBy: null,
};

/** The limits of the kind `kindId`, or of the default kind when it names none of them. */
export function limitsOfKind(limits: ConditionsLimits, kindId: string | null): KindLimits {
  return limits.kinds.find((kind) => kind.id === kindId) ?? limits.kinds.find((kind) => kind.id === limits.defaultKind) ?? limits.kinds[0];
}

/** What an admin sends to save the limits (the server adds who and when). */
export const ConditionsLimitsFormSchema = z.strictObject({
  kinds: z.array(z.strictObject(KindLimitsSchema.shape)).max(20),
  defaultKind: z.string().max(40),
  marginKn: z.number(),
});
