import type { Member } from '../members/member';
import { ineligibility, windowsOverlap, type DutyType, type MemberQualification, type StaffedSlot } from './duties';
import { type DutyAssignment, type DutyWindow } from '../duty-rosters/duty-roster';

/**
 * Who may be offered a duty (docs/duties.md): the open slots a member may volunteer for, and (for swaps
 * and cover) whether a member may take a duty. Eligible means a current membership and every
 * qualification current on the duty's dates; free means no other duty whose time overlaps.
 */

/** Whether the member holds no duty whose window overlaps this one (their duty on `exceptSlotId`, the one being handed over, aside). */
export function isFreeAt(memberDuties: readonly Pick<DutyAssignment, 'slotId' | 'window'>[], window: DutyWindow, exceptSlotId?: string): boolean {
  return !memberDuties.some((duty) => duty.slotId !== exceptSlotId && windowsOverlap(duty.window, window));
}

/** Whether this member may take a duty of this type at this time: not disabled, eligible on its dates, and free then. */
export function mayTakeDuty(
  member: Pick<Member, 'renewalDate' | 'disabled'>,
  dutyType: Pick<DutyType, 'qualificationIds'>,
  held: readonly MemberQualification[],
  memberDuties: readonly Pick<DutyAssignment, 'slotId' | 'window'>[],
  window: DutyWindow,
  exceptSlotId?: string,
): boolean {
  return !member.disabled && ineligibility(member, dutyType, held, [], window) === null && isFreeAt(memberDuties, window, exceptSlotId);
}

/** A slot as offering it needs: the slot with its holders, its duty's time and its duty type. */
export interface OfferedSlot {
  slot: Pick<StaffedSlot, 'id' | 'needed' | 'holders'>;
  window: DutyWindow;
  dutyType: Pick<DutyType, 'qualificationIds'>;
}

/**
 * The slots a member may volunteer for now: the duty starts after `now`, the slot has room, the
 * member does not hold it, may take it (eligible and free), in the order given.
 */
export function openSlotsFor<S extends OfferedSlot>(
  member: Pick<Member, 'id' | 'renewalDate' | 'disabled'>,
  held: readonly MemberQualification[],
  memberDuties: readonly Pick<DutyAssignment, 'slotId' | 'window'>[],
  slots: readonly S[],
  now: Date,
): S[] {
  return slots.filter(
    ({ slot, window, dutyType }) =>
      Date.parse(window.start) > now.getTime() &&
      slot.holders.length < slot.needed &&
      !slot.holders.some((holder) => holder.memberId === member.id) &&
      mayTakeDuty(member, dutyType, held, memberDuties, window),
  );
}
