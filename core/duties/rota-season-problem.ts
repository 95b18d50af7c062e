// A season's rota fill as the solver sees it (docs/duties.md, "Filling the rota"): the duty rules
// decide here who may take each slot, and each member's quota is the quota rule's (dutyQuota), so
// the plain RotaProblem carries only outcomes.
import type { DutyWindow } from '../duty-rosters/duty-roster';
import type { RotaPerson, RotaProblem, RotaQuotaUnit, RotaSlot } from '../duty-rosters/rota-problem';
import type { Member } from '../members/member';
import type { DutyQuota } from './availability';
import { dutyDays, ineligibility, type DutyType, type MemberQualification, type StaffedSlot } from './duties';

/** A slot of the season to fill, with its event's duty time. */
export interface RotaSeasonSlot {
  slot: Pick<StaffedSlot, 'id' | 'eventId' | 'dutyTypeId' | 'needed' | 'holders'>;
  window: DutyWindow;
  dutyType: Pick<DutyType, 'qualificationIds'>;
  /** Whether its holder may have another duty that day (both slots must allow it). */
  allowsSecondDuty: boolean;
}

/** A member the fill may use, with what the availability and wishes say of them. */
export interface RotaSeasonMember {
  member: Pick<Member, 'id' | 'renewalDate' | 'disabled'>;
  /** Their household's id, or null for a member on their own. */
  householdId: string | null;
  /**
   * Their quota for the season (dutyQuota): `done` and `pledged` must not count the duties held on
   * the problem's slots, which the fill counts itself as holders.
   */
  quota: Pick<DutyQuota, 'scope' | 'expected' | 'done' | 'pledged'>;
  qualifications: readonly MemberQualification[];
  /** London dates (YYYY-MM-DD) they cannot do a duty. */
  unavailable: readonly string[];
  prefers: readonly string[];
  avoids: readonly string[];
}

/**
 * The fill's problem for a season: each member may take a slot when the duty rules allow it
 * (membership current and every qualification valid on the duty's days, `ineligibility`) and
 * they are available on each of its days. Their quota unit is their household when their quota's
 * scope is the household's (one count for all of it: the largest expected among its members),
 * else their own. The holders are kept; a slot's open places are its `needed` less its holders.
 */
export function rotaSeasonProblem(slots: readonly RotaSeasonSlot[], members: readonly RotaSeasonMember[]): RotaProblem {
  const rotaSlots: RotaSlot[] = slots.map(({ slot, window, allowsSecondDuty }) => ({
    id: slot.id,
    eventId: slot.eventId,
    dutyTypeId: slot.dutyTypeId,
    date: dutyDays(window).first,
    window,
    open: Math.max(0, slot.needed - slot.holders.length),
    allowsSecondDuty,
  }));
  const units = new Map<string, RotaQuotaUnit>();
  const people: RotaPerson[] = members.map((entry) => {
    const { quota } = entry;
    const unitId = quota.scope === 'household' && entry.householdId !== null ? `household:${entry.householdId}` : `member:${entry.member.id}`;
    const unit = units.get(unitId);
    // A household's quota counts every member's duties already: one count, not a sum.
    units.set(unitId, { id: unitId, expected: Math.max(unit?.expected ?? 0, quota.expected), done: Math.max(unit?.done ?? 0, quota.done + quota.pledged) });
    const eligibleSlotIds = slots
      .filter(({ window, dutyType }) => {
        if (ineligibility(entry.member, dutyType, entry.qualifications, [], window) !== null) return false;
        const { first, last } = dutyDays(window);
        return !entry.unavailable.some((date) => date >= first && date <= last);
      })
      .map(({ slot }) => slot.id);
    return { memberId: entry.member.id, unitId, eligibleSlotIds, prefers: entry.prefers, avoids: entry.avoids };
  });
  const holders = slots.flatMap(({ slot }) => slot.holders.map((holder) => ({ slotId: slot.id, memberId: holder.memberId })));
  return { slots: rotaSlots, people, units: [...units.values()], holders };
}
