// The duty roster's stored shapes: a member's duty on an event's slot and its time, and what a
// move of the event or a member's leaving does to them. The event and member stores write these in
// the same atomic step as their own records, so they sit below events/, members/ and duties/.
import { z } from 'zod';
import type { OutboxMessage } from '../mail/mail';
import { InstantSchema } from '../shared/instant';

export const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id');

/** When a duty is done: the event's time, [start, end). */
export const DutyWindowSchema = z.object({ start: InstantSchema, end: InstantSchema });

export type DutyWindow = z.infer<typeof DutyWindowSchema>;

/** Whether two duty windows share any moment ([start, end): one ending as the other starts does not overlap). */
export function windowsOverlap(a: DutyWindow, b: DutyWindow): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** A member holding a slot. overrideReason: why an admin assigned someone not eligible (else null). */
export const DutyAssignmentSchema = z.object({
  slotId: IdSchema,
  memberId: IdSchema,
  eventId: z.string().min(1).max(200),
  window: DutyWindowSchema,
  assignedAt: InstantSchema,
  overrideReason: z.string().trim().min(1).max(500).nullable(),
});

export type DutyAssignment = z.infer<typeof DutyAssignmentSchema>;

/**
 * What a move of an event (an edit of its start or end, or a postponement) does to its duty
 * roster: every holder's duty moves to the new time, except those who no longer fit it, who are
 * released. The use case decides; the storage writes it in the same atomic step as the event
 * (EventRepository.update's `also.duties`), after checking it against the roster as it then is
 * (dutyMoveRefusal), so no holder is told of a change that was not written, nor released twice.
 */
export interface DutyMove {
  eventId: string;
  /** The duties' time at the event's new time (dutyWindow). */
  window: DutyWindow;
  /** Every holder of the event's slots when the move was decided. */
  holders: readonly HolderKey[];
  /** The holders taken off their slot: they no longer fit the new time. */
  release: readonly HolderKey[];
}

export interface HolderKey {
  slotId: string;
  memberId: string;
}

/**
 * What the storage does with a member's write when they leave the rosters
 * (MemberRepository.update's `also.releaseDuties`): in the same atomic step, their duties not
 * over at `from` (dutiesReleasedOnLeaving, over the duties as stored then) are taken off their
 * slots, and `mail(released)`, the e-mails telling of them, is written to the outbox.
 */
export interface MemberDutyRelease {
  from: Date;
  mail(released: readonly DutyAssignment[]): OutboxMessage[];
}
