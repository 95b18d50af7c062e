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

/** GET /api/my/duties: the member's duties not over yet (soonest first), and the open slots they may take. */
export const MyDutiesSchema = z.object({ duties: z.array(HeldDutySchema), open: z.array(OpenDutySchema) });
export type MyDuties = z.infer<typeof MyDutiesSchema>;

/** The slot a member volunteers for or withdraws from (the path's). */
export const MyDutyParamsSchema = z.object({ slotId: z.string().min(1).max(64) }).strict();
