import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import type { Member } from '../members/member';
import type { AuditChange } from '../audit/audit';
import { DUTY_MESSAGES, windowsOverlap, type DutyType, type MemberQualification, type StaffedSlot } from './duties';
import { DutyWindowSchema, type DutyAssignment } from '../duty-rosters/duty-roster';
import { mayTakeDuty } from './duty-offers';

/**
 * Swaps (docs/duties.md): a member who cannot do a duty asks for someone to take it. Open to every
 * member eligible and free then (toMemberId null), or a direct transfer to one named member. The
 * first to accept takes the duty, in one atomic step with the swap (DutySwapRepository.accept).
 */
export const DutySwapSchema = z.object({
  id: z.string().min(1).max(64),
  slotId: z.string().min(1).max(64),
  eventId: z.string().min(1).max(200),
  /** The member handing the duty over. */
  fromMemberId: z.string().min(1).max(64),
  /** A direct transfer's member (only they may accept); null: any member eligible and free. */
  toMemberId: z.string().min(1).max(64).nullable(),
  window: DutyWindowSchema,
  createdAt: InstantSchema,
  status: z.enum(['open', 'taken', 'withdrawn']),
  takenBy: z.string().min(1).max(64).nullable(),
  takenAt: InstantSchema.nullable(),
});
export type DutySwap = z.infer<typeof DutySwapSchema>;

/** The most swap requests (open or direct) a member may make in a day (a window from their first): a request writes to many members. */
export const MAX_SWAP_ASKS_PER_DAY = 5;
export const SWAP_ASK_WINDOW_MS = 24 * 60 * 60 * 1000;

export const SWAP_MESSAGES = {
  notFound: 'Swap request not found',
  taken: 'Someone has already taken this duty',
  withdrawn: 'This swap request was withdrawn',
  noLongerHeld: 'This duty is no longer offered',
  ownSwap: 'You cannot take your own duty',
  notForYou: 'This duty was handed to another member',
  alreadyAsked: 'You have already asked for a swap of this duty',
  notHolding: DUTY_MESSAGES.notHolding,
  notEligibleTransfer: 'That member is not eligible for this duty, or is on another duty then',
  tooManyAsks: `You have asked for a swap ${MAX_SWAP_ASKS_PER_DAY} times in a day, the most a member may. Please try again tomorrow.`,
} as const;

/** The address-limit key counting a member's swap requests (AddressLimitStore: `<name>:<subject>`). */
export function swapAskLimitKey(memberId: string): string {
  return `duty-swap-asks:${memberId}`;
}

/**
 * The outbox id of a swap request's e-mail to one member: one per member asking, duty (slot) and
 * recipient, whichever request of theirs it was. Asking again for the same duty (after
 * withdrawing) writes to no one told before: their link opens the request as it now stands
 * (`liveSwapOf`).
 */
export function swapRequestMailId(swap: Pick<DutySwap, 'slotId' | 'fromMemberId'>, recipientId: string): string {
  return `duty-swap-ask-${swap.slotId}-${swap.fromMemberId}-${recipientId}`;
}

/**
 * The request a swap's link stands for now: a withdrawn request gives way to the same member's
 * open request for the same duty, if any (asked again since); any other is itself.
 */
export function liveSwapOf<S extends Pick<DutySwap, 'status' | 'slotId'>>(swap: S, openOfAsker: readonly S[]): S {
  if (swap.status !== 'withdrawn') return swap;
  return openOfAsker.find((other) => other.slotId === swap.slotId && other.status === 'open') ?? swap;
}

/** The name a swap's texts give a member who asked for it and is no longer on the list. */
export const UNKNOWN_SWAP_MEMBER = 'A member';

/**
 * The audit log's summaries of swaps, written by DutySwaps and read back by the retention run
 * (retention-audit.ts), which finds the members they name in them.
 */
export const SWAP_AUDIT_SUMMARIES = {
  requested: (asker: string, dutyName: string, eventName: string, offeredTo: number) =>
    `${asker} asked for a swap of ${dutyName} at ${eventName}; offered to ${offeredTo}`,
  transfer: (asker: string, to: string, dutyName: string, eventName: string) =>
    `${asker} asked for a transfer to ${to} of ${dutyName} at ${eventName}; offered to 1`,
  taken: (taker: string, dutyName: string, eventName: string, from: string) => `${taker} took over ${dutyName} at ${eventName} from ${from}`,
  withdrawn: (asker: string) => `${asker} withdrew their swap request`,
} as const;

/**
 * The members a swap's audit entry names, as its summary gives them: `member` asked for it
 * (requested, transfer, withdrawn) or took it over (taken); `other` is a transfer's recipient, or
 * the member a duty was taken over from.
 */
export interface SwapAuditNames {
  member: string;
  other?: string;
}

/**
 * The changes of a swap's audit entry: the swap, its status, the member ids of a take-over, and
 * the names the summary gives (`memberName`, after; a take-over's giver before; a transfer's
 * recipient as `toMemberName`), so that the retention run finds each name whole, whatever words
 * it holds (a name with " of " in it cannot be read back from a summary reliably).
 */
export function swapAuditChanges(swap: DutySwap, names: SwapAuditNames): AuditChange[] {
  const taken = swap.takenBy !== null;
  return [
    { field: 'swap', before: null, after: swap.id },
    { field: 'status', before: null, after: swap.status },
    ...(taken ? [{ field: 'memberId', before: swap.fromMemberId, after: swap.takenBy }] : []),
    { field: 'memberName', before: taken ? (names.other ?? null) : null, after: names.member },
    ...(!taken && names.other !== undefined ? [{ field: 'toMemberName', before: null, after: names.other }] : []),
  ];
}

/** A member as choosing recipients needs them: their record, qualifications held and duties held. */
export interface SwapCandidate {
  member: Pick<Member, 'id' | 'renewalDate' | 'disabled'>;
  held: readonly MemberQualification[];
  duties: readonly Pick<DutyAssignment, 'slotId' | 'window'>[];
}

/**
 * Whom a swap request is sent to: every member but the one asking who may take the duty (eligible
 * on its dates and free at that time), and who does not hold it already. Never the ineligible or
 * the busy.
 */
export function swapRecipients<C extends SwapCandidate>(
  swap: Pick<DutySwap, 'fromMemberId' | 'slotId' | 'window'>,
  dutyType: Pick<DutyType, 'qualificationIds'>,
  candidates: readonly C[],
): C[] {
  return candidates.filter(
    ({ member, held, duties }) =>
      member.id !== swap.fromMemberId && !duties.some((duty) => duty.slotId === swap.slotId) && mayTakeDuty(member, dutyType, held, duties, swap.window),
  );
}

/**
 * The swap's duty time now: the asking member's duty on the slot as it stands (an event moved
 * since the request moves its holders' duties, EventRepository.update's `also.duties`), else the
 * time stored with the request. What a taker is checked against, shown and told.
 */
export function swapWindowNow(swap: Pick<DutySwap, 'fromMemberId' | 'window'>, slot: Pick<StaffedSlot, 'holders'>): DutySwap['window'] {
  return slot.holders.find((holder) => holder.memberId === swap.fromMemberId)?.window ?? swap.window;
}

/**
 * Whether the member asking still holds the duty they asked about: on the slot with the holding
 * they had when asking. A holding given after the request (they left the rosters or were released
 * by an event's move, and were assigned again: docs/duties.md#when-a-member-leaves) was never
 * offered, so a request left open from before cannot hand it over.
 */
export function swapStillHeld(swap: Pick<DutySwap, 'fromMemberId' | 'createdAt'>, slot: Pick<StaffedSlot, 'holders'>): boolean {
  const held = slot.holders.find((holder) => holder.memberId === swap.fromMemberId);
  return held !== undefined && Date.parse(held.assignedAt) <= Date.parse(swap.createdAt);
}

/**
 * Why this member may not take the swap now (the storage's atomic check), or null: the swap is
 * taken or withdrawn, the member asking no longer holds the slot as they did when asking
 * (swapStillHeld), the taker is that member, the transfer names someone else, the taker holds the
 * slot already or a duty overlapping it (at the duty's time now: swapWindowNow); or the taker's
 * record (`taker`, null when unlisted) says they are disabled.
 */
export function swapAcceptRefusal(
  swap: Pick<DutySwap, 'status' | 'fromMemberId' | 'toMemberId' | 'slotId' | 'window' | 'createdAt'>,
  slot: Pick<StaffedSlot, 'holders'>,
  takerDuties: readonly Pick<DutyAssignment, 'slotId' | 'window'>[],
  takerId: string,
  taker: Pick<Member, 'disabled'> | null = null,
): string | null {
  if (swap.status === 'taken') return SWAP_MESSAGES.taken;
  if (swap.status === 'withdrawn') return SWAP_MESSAGES.withdrawn;
  // The taker as stored at that moment, as for any assignment (assignmentRefusal): a member
  // disabled while accepting never ends up holding the duty.
  if (taker?.disabled === true) return DUTY_MESSAGES.memberLeft;
  if (takerId === swap.fromMemberId) return SWAP_MESSAGES.ownSwap;
  if (swap.toMemberId !== null && swap.toMemberId !== takerId) return SWAP_MESSAGES.notForYou;
  if (!swapStillHeld(swap, slot)) return SWAP_MESSAGES.noLongerHeld;
  if (slot.holders.some((holder) => holder.memberId === takerId)) return DUTY_MESSAGES.alreadyHolding;
  const window = swapWindowNow(swap, slot);
  if (takerDuties.some((duty) => duty.slotId !== swap.slotId && windowsOverlap(duty.window, window))) return DUTY_MESSAGES.doubleDuty;
  return null;
}
