import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { addDaysToDate, londonDate, londonMidnight } from '../shared/london-time';
import { IdSchema, windowsOverlap, type DutyAssignment, type DutyWindow } from '../duty-rosters/duty-roster';
import { isMembershipCurrent, type Member } from '../members/member';

/**
 * Duty rosters (docs/duties.md): what a duty needs, who may do it, and how well an event is staffed.
 * Plain rules over plain types; storage and use cases build on them.
 */

const NameSchema = z.string().trim().min(1, 'Give a name').max(100, 'At most 100 characters');

/** A qualification a duty may need, e.g. "Powerboat Level 2". */
export const QualificationSchema = z.object({
  id: IdSchema,
  name: NameSchema,
  /** How long it lasts once awarded, in months, when it expires (First Aid: 36); null: it never expires. */
  validityMonths: z.number().int().min(1).max(600).nullable(),
});
export type Qualification = z.infer<typeof QualificationSchema>;

/** A kind of duty, e.g. "Safety boat driver", and the qualifications a member needs for it (all of them). */
export const DutyTypeSchema = z.object({
  id: IdSchema,
  name: NameSchema,
  description: z.string().trim().max(1000, 'At most 1000 characters'),
  qualificationIds: z.array(IdSchema).max(20),
});
export type DutyType = z.infer<typeof DutyTypeSchema>;

/** One line of a template, and of an event's slots: a duty type, how many it needs, whether the event can run without it. */
export const DutyNeedSchema = z.object({
  dutyTypeId: IdSchema,
  /** How many members the slot needs: its minimum, and the most it takes. */
  needed: z.number().int().min(1, 'At least 1').max(50, 'At most 50'),
  /** True when the event can run without this duty filled (amber, not red, when short). */
  optional: z.boolean(),
  /**
   * True when a member holding this duty may be given another the same London day by the rota
   * fill (the other must allow it too; docs/duties.md, "Filling the rota"). Absent means false, as
   * in records stored before it existed.
   */
  allowsSecondDuty: z.boolean().optional(),
});
export type DutyNeed = z.infer<typeof DutyNeedSchema>;

/** The duties a kind of event needs ("Club race: 1 race officer, 1 assistant, 2 safety boat drivers, 1 galley"). */
export const DutyTemplateSchema = z.object({ id: IdSchema, name: NameSchema, needs: z.array(DutyNeedSchema).min(1, 'Give at least one duty').max(30) });
export type DutyTemplate = z.infer<typeof DutyTemplateSchema>;

/** A member's qualification; expiresOn is the London date (YYYY-MM-DD) of its last valid day, or null. */
export const MemberQualificationSchema = z.object({ memberId: IdSchema, qualificationId: IdSchema, expiresOn: z.iso.date().nullable() });
export type MemberQualification = z.infer<typeof MemberQualificationSchema>;

/** A duty of one event: members hold it up to `needed`. */
export const DutySlotSchema = DutyNeedSchema.extend({ id: IdSchema, eventId: z.string().min(1).max(200), createdAt: InstantSchema });
export type DutySlot = z.infer<typeof DutySlotSchema>;

/** A slot with the members who hold it, oldest first. */
export interface StaffedSlot extends DutySlot {
  holders: DutyAssignment[];
}

export const DUTY_MESSAGES = {
  slotFull: 'This duty is already filled',
  alreadyHolding: 'This member already has this duty',
  doubleDuty: 'This member is already on a duty at that time',
  slotNotFound: 'Duty slot not found',
  noDate: 'This event has no date yet, so its duties cannot be filled',
  notEligible: 'This member is not eligible for this duty',
  overrideNeedsReason: 'Give a reason to assign a member who is not eligible',
  memberNotFound: 'Member not found',
  eventNotFound: 'Event not found',
  started: "This duty has started: ask the event's officer",
  cancelled: 'This event is cancelled',
  notHolding: 'You do not hold this duty',
  memberLeft: 'This member is disabled, so cannot hold a duty',
} as const;

/**
 * The light of an event's staffing: red when a slot the event cannot run without is short, amber
 * when only slots it can run without are short, green when every slot has its minimum; null for an
 * event with no duty slots.
 */
export type StaffingLight = 'green' | 'amber' | 'red';
export function staffingLight(slots: readonly Pick<StaffedSlot, 'needed' | 'optional' | 'holders'>[]): StaffingLight | null {
  if (slots.length === 0) return null;
  const short = slots.filter((slot) => slot.holders.length < slot.needed);
  if (short.some((slot) => !slot.optional)) return 'red';
  return short.length > 0 ? 'amber' : 'green';
}

/**
 * When an event's duties are done: from its start to its end; without an end, to the end of its
 * start's London day. Null for an event with no date yet.
 */
export function dutyWindow(event: { eventdatetime: string | null; eventenddatetime: string | null }): DutyWindow | null {
  if (event.eventdatetime === null) return null;
  const start = new Date(event.eventdatetime);
  const end =
    event.eventenddatetime !== null && Date.parse(event.eventenddatetime) > start.getTime()
      ? new Date(event.eventenddatetime)
      : londonMidnight(addDaysToDate(londonDate(start), 1));
  return { start: start.toISOString(), end: end.toISOString() };
}

// The rule sits with the roster's shapes, so the rota fill (core/duty-rosters) uses it too.
export { windowsOverlap } from '../duty-rosters/duty-roster';

/** The London dates a duty spans: its first day and its last (the day of its last moment). */
export function dutyDays(window: DutyWindow): { first: string; last: string } {
  return { first: londonDate(new Date(window.start)), last: londonDate(new Date(Date.parse(window.end) - 1)) };
}

/** Whether a member's qualification is current on a London date: it is valid on its expiry day itself, not the day after. */
export function isQualificationCurrent(held: Pick<MemberQualification, 'expiresOn'>, date: string): boolean {
  return held.expiresOn === null || date <= held.expiresOn;
}

/**
 * What a member lacks for a duty during a window: the ids of the duty type's qualifications the
 * member does not hold current on every day of the duty (so one expiring mid-event is lacking).
 * Empty: qualified.
 */
export function missingQualifications(dutyType: Pick<DutyType, 'qualificationIds'>, held: readonly MemberQualification[], window: DutyWindow): string[] {
  const { last } = dutyDays(window);
  return dutyType.qualificationIds.filter((id) => !held.some((q) => q.qualificationId === id && isQualificationCurrent(q, last)));
}

/**
 * Why a member may not do a duty during a window (a line an admin reads), or null when eligible:
 * a current membership on the duty's first day, and every qualification the duty type needs.
 */
export function ineligibility(
  member: Pick<Member, 'renewalDate' | 'disabled'>,
  dutyType: Pick<DutyType, 'qualificationIds'>,
  held: readonly MemberQualification[],
  qualifications: readonly Pick<Qualification, 'id' | 'name'>[],
  window: DutyWindow,
): string | null {
  const { first } = dutyDays(window);
  if (!isMembershipCurrent(member, first)) return 'Membership not current on the day';
  const missing = missingQualifications(dutyType, held, window);
  if (missing.length === 0) return null;
  const names = missing.map((id) => qualifications.find((q) => q.id === id)?.name ?? id);
  return `Needs ${names.join(', ')}`;
}

/**
 * Why a slot may not take this member now (the storage's atomic check), or null: the member is
 * disabled (an erased member is too) as stored at that moment, so a member disabled while
 * volunteering never ends up holding a duty (docs/duties.md#when-a-member-leaves); the slot is
 * full, the member holds it already, or the member holds another duty whose window overlaps.
 * `member` is null when the member list has no such record (the rule then cannot say they left).
 */
export function assignmentRefusal(
  slot: Pick<StaffedSlot, 'needed' | 'holders' | 'id'>,
  memberDuties: readonly Pick<DutyAssignment, 'slotId' | 'window'>[],
  assignment: Pick<DutyAssignment, 'memberId' | 'window'>,
  member: Pick<Member, 'disabled'> | null = null,
): string | null {
  if (member?.disabled === true) return DUTY_MESSAGES.memberLeft;
  if (slot.holders.some((holder) => holder.memberId === assignment.memberId)) return DUTY_MESSAGES.alreadyHolding;
  if (slot.holders.length >= slot.needed) return DUTY_MESSAGES.slotFull;
  if (memberDuties.some((duty) => duty.slotId !== slot.id && windowsOverlap(duty.window, assignment.window))) return DUTY_MESSAGES.doubleDuty;
  return null;
}

/**
 * The slots applying a template adds to an event: one per line of the template whose duty type
 * the event has no slot of yet (applying twice adds nothing more).
 */
export function slotsFromTemplate(template: Pick<DutyTemplate, 'needs'>, existing: readonly Pick<DutySlot, 'dutyTypeId'>[]): DutyNeed[] {
  const have = new Set(existing.map((slot) => slot.dutyTypeId));
  const out: DutyNeed[] = [];
  for (const need of template.needs) {
    if (have.has(need.dutyTypeId)) continue;
    have.add(need.dutyTypeId);
    out.push(need);
  }
  return out;
}
