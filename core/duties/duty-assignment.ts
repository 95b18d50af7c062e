import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import type { Member } from '../members/member';
import type { Clock } from '../shared/clock.port';
import { NotFoundError, ValidationError } from '../shared/errors';
import { DUTY_MESSAGES, dutyWindow, ineligibility, windowsOverlap, type DutyType, type StaffedSlot } from './duties';
import { type DutyAssignment, type DutyWindow } from '../duty-rosters/duty-roster';
import type { DutyRepository } from './duty-repository.port';

export interface DutyAssignmentDeps {
  duties: DutyRepository;
  events: EventRepository;
  members: MemberRepository;
  clock: Clock;
}

/** A slot with what deciding who may hold it needs: its event, its window, its duty type. */
export interface SlotContext {
  slot: StaffedSlot;
  event: ClubEvent;
  window: DutyWindow;
  dutyType: DutyType | null;
}

/** The slot, its event and when its duty is done; NotFoundError or ValidationError (no date) otherwise. */
export async function slotContext(deps: DutyAssignmentDeps, slotId: string): Promise<SlotContext> {
  const slot = await deps.duties.getSlot(slotId);
  if (!slot) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
  const event = await deps.events.get(slot.eventId);
  if (!event) throw new NotFoundError(DUTY_MESSAGES.eventNotFound);
  const window = dutyWindow(event);
  if (!window) throw new ValidationError(DUTY_MESSAGES.noDate);
  const dutyType = (await deps.duties.listCatalogue('dutyTypes')).find((type) => type.id === slot.dutyTypeId) ?? null;
  return { slot, event, window, dutyType };
}

/** Why this member may not do the slot's duty, or null (a duty type since deleted needs nothing). */
export async function memberIneligibility(deps: DutyAssignmentDeps, context: SlotContext, member: Member): Promise<string | null> {
  const [held, qualifications] = await Promise.all([deps.duties.listMemberQualifications(member.id), deps.duties.listCatalogue('qualifications')]);
  return ineligibility(member, context.dutyType ?? { qualificationIds: [] }, held, qualifications, context.window);
}

export async function requireMember(deps: Pick<DutyAssignmentDeps, 'members'>, memberId: string): Promise<Member> {
  const member = await deps.members.get(memberId);
  if (!member) throw new NotFoundError(DUTY_MESSAGES.memberNotFound);
  return member;
}

/** The assignment to store for a member on a slot now. */
export function assignmentOf(deps: Pick<DutyAssignmentDeps, 'clock'>, context: SlotContext, memberId: string, overrideReason: string | null): DutyAssignment {
  return { slotId: context.slot.id, memberId, eventId: context.event.id, window: context.window, assignedAt: deps.clock.now().toISOString(), overrideReason };
}

/** Every duty held whose time overlaps this window (of any event), read from the events that overlap it: who is busy then. */
export async function dutiesOverlapping(deps: Pick<DutyAssignmentDeps, 'duties' | 'events'>, window: DutyWindow): Promise<DutyAssignment[]> {
  const events = (await deps.events.listNotOverBefore(new Date(window.start))).filter(
    (e) => e.eventdatetime !== null && Date.parse(e.eventdatetime) < Date.parse(window.end),
  );
  const slots = await deps.duties.listSlotsOfEvents(events.map((e) => e.id));
  return slots.flatMap((slot) => slot.holders.filter((h) => windowsOverlap(h.window, window)));
}
