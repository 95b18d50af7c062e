import { staffingLight, type StaffedSlot } from '../duties/duties';
import type { DutyType } from '../duties/duties';
import type { SafetyCover } from './conditions-schema';

/** What the safety-cover light of one event is drawn from: its duty slots with their holders. */
export type CoverSlot = Pick<StaffedSlot, 'dutyTypeId' | 'needed' | 'optional' | 'holders'>;

/**
 * The go/no-go panel's safety-cover light, from the event's duty roster: the roster's staffing
 * light (red when a slot the event cannot run without is short, amber when only slots it can run
 * without are, green when every slot has its minimum), or `no-roster` for an event with no duty
 * slots; with the short slots named, required ones first.
 */
export function safetyCover(slots: readonly CoverSlot[], dutyTypes: readonly Pick<DutyType, 'id' | 'name'>[]): SafetyCover {
  const light = staffingLight(slots);
  if (light === null) return { status: 'no-roster', short: [] };
  const short = slots
    .filter((slot) => slot.holders.length < slot.needed)
    .sort((a, b) => Number(a.optional) - Number(b.optional))
    .map((slot) => ({
      dutyTypeName: dutyTypes.find((type) => type.id === slot.dutyTypeId)?.name ?? '(deleted duty type)',
      needed: slot.needed,
      held: slot.holders.length,
      optional: slot.optional,
    }));
  return { status: light, short };
}

/** The words of a light ("Safety cover: …"), for the panel and the alert: the same everywhere. */
export const SAFETY_COVER_WORDS: Record<SafetyCover['status'], string> = {
  green: 'filled',
  amber: 'short (can run)',
  red: 'short, cannot run',
  'no-roster': 'no duty roster',
};

/** One short slot as a line: "Safety boat driver: 1 of 2". */
export function shortSlotText(slot: SafetyCover['short'][number]): string {
  return `${slot.dutyTypeName}: ${slot.held} of ${slot.needed}${slot.optional ? ' (can run without)' : ''}`;
}

/** The slots of one event among those of several (DutyRepository.listSlotsOfEvents). */
export function slotsOfEvent<S extends { eventId: string }>(slots: readonly S[], eventId: string): S[] {
  return slots.filter((slot) => slot.eventId === eventId);
}
