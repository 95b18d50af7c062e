import type { Member } from '../members/member';
import { ineligibility, type Qualification, type MemberQualification } from './duties';
import { type DutyAssignment } from '../duty-rosters/duty-roster';
import { isFreeAt, type OfferedSlot } from './duty-offers';

/**
 * What members see of other members on the duties page (docs/duties.md, "The rota"): the club's
 * privacy rule names them by first name and last initial; admins' screens keep full names.
 */

/** "Ann H." for "Ann Helm": the first word of a name and the initial of its last; a one-word name as it is. */
export function rotaName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return '';
  if (words.length === 1) return words[0]!;
  const initial = Array.from(words.at(-1)!)[0]!.toLocaleUpperCase('en-GB');
  return `${words[0]!} ${initial}.`;
}

/** Letters as a search compares them: lower case, accents off ("Zoë" finds "zoe"). */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-GB');
}

/** Whether a member's full name answers what was typed: each word typed begins a word of the name ("bob st" finds "Bob Stern"). */
export function nameMatches(fullName: string, typed: string): boolean {
  const words = folded(fullName)
    .split(/\s+/u)
    .filter((word) => word !== '');
  const wanted = folded(typed)
    .split(/\s+/u)
    .filter((word) => word !== '');
  return wanted.length > 0 && wanted.every((part) => words.some((word) => word.startsWith(part)));
}

/** Why a member cannot volunteer for a slot of the rota, in the member's words. */
export const ROTA_REFUSALS = {
  yours: 'You are on this duty',
  started: 'This duty has started',
  full: 'Filled',
  busy: 'You are on another duty then',
  disabled: 'Your membership is disabled',
} as const;

/**
 * Why this member cannot volunteer for the slot now, or null when they can: exactly the slots
 * `openSlotsFor` offers get null. Otherwise, in this order: they hold it, it has started, it is
 * full, they are not eligible (the reason `ineligibility` gives, e.g. "Needs Powerboat Level 2",
 * with the qualifications' names), or they are on another duty then.
 */
export function rotaRefusal(
  member: Pick<Member, 'id' | 'renewalDate' | 'disabled'>,
  held: readonly MemberQualification[],
  qualifications: readonly Pick<Qualification, 'id' | 'name'>[],
  memberDuties: readonly Pick<DutyAssignment, 'slotId' | 'window'>[],
  { slot, window, dutyType }: OfferedSlot,
  now: Date,
): string | null {
  if (slot.holders.some((holder) => holder.memberId === member.id)) return ROTA_REFUSALS.yours;
  if (Date.parse(window.start) <= now.getTime()) return ROTA_REFUSALS.started;
  if (slot.holders.length >= slot.needed) return ROTA_REFUSALS.full;
  if (member.disabled) return ROTA_REFUSALS.disabled;
  const ineligible = ineligibility(member, dutyType, held, qualifications, window);
  if (ineligible !== null) return ineligible;
  return isFreeAt(memberDuties, window) ? null : ROTA_REFUSALS.busy;
}
