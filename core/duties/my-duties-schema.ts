import { z } from 'zod';

/** A duty as the signed-in member's duties page shows it: which, at which event, when. */
export const MyDutySchema = z.object({
  slotId: z.string(),
  dutyTypeName: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  /** The duty's time: the event's start to its end (or to the end of its day). */
  start: z.string(),
  end: z.string(),
});
export type MyDuty = z.infer<typeof MyDutySchema>;

/** One of the member's own duties: with the id of their open swap request, if any. */
export const HeldDutySchema = MyDutySchema.extend({ swapId: z.string().nullable() });
export type HeldDuty = z.infer<typeof HeldDutySchema>;

/** An open slot the member may volunteer for, with how full it is. */
export const OpenDutySchema = MyDutySchema.extend({
  description: z.string(),
  needed: z.number().int(),
  filled: z.number().int(),
  /** The event can run without it. */
  optional: z.boolean(),
});
export type OpenDuty = z.infer<typeof OpenDutySchema>;

/** A slot of the rota as members see it: who holds it (first name and last initial) and whether this member may volunteer. */
export const RotaSlotSchema = z.object({
  slotId: z.string(),
  dutyTypeName: z.string(),
  description: z.string(),
  needed: z.number().int(),
  /** The event can run without it. */
  optional: z.boolean(),
  /** Its holders, as the rota names members ("Ann H."). */
  holders: z.array(z.string()),
  /** Why the signed-in member cannot volunteer for it ("Needs Powerboat Level 2", "Filled"…); null: they can. */
  refusal: z.string().nullable(),
});
export type RotaSlot = z.infer<typeof RotaSlotSchema>;

/** An event's whole rota, as members see it. */
export const RotaEventSchema = z.object({ eventId: z.string(), eventName: z.string(), start: z.string(), end: z.string(), slots: z.array(RotaSlotSchema) });
export type RotaEvent = z.infer<typeof RotaEventSchema>;

/**
 * GET /api/my/duties: the member's duties not over yet (soonest first), the open slots they may
 * take, and the rota of every event not over (not cancelled, with a date and duty slots), soonest first.
 */
export const MyDutiesSchema = z.object({ duties: z.array(HeldDutySchema), open: z.array(OpenDutySchema), rota: z.array(RotaEventSchema) });
export type MyDuties = z.infer<typeof MyDutiesSchema>;

/** The slot a member volunteers for or withdraws from (the path's). */
export const MyDutyParamsSchema = z.object({ slotId: z.string().min(1).max(64) }).strict();
