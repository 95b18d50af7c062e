import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { Clock } from '../shared/clock.port';
import { UseCase } from '../shared/use-case';
import { dutyWindow, type DutyType, type MemberQualification, type Qualification, type StaffedSlot } from './duties';
import { type DutyAssignment, type DutyWindow } from '../duty-rosters/duty-roster';
import { openSlotsFor } from './duty-offers';
import { rotaName, rotaRefusal } from './duty-rota';
import type { DutyRepository } from './duty-repository.port';
import type { DutySwapRepository } from './duty-swap-repository.port';
import type { MyDuties, MyDuty, RotaEvent } from './my-duties-schema';

export interface GetMyDutiesDeps {
  duties: DutyRepository;
  dutySwaps: DutySwapRepository;
  events: EventRepository;
  /** The rota's holders' names. */
  members: MemberRepository;
  clock: Clock;
}

/**
 * The signed-in member's duties page: the duties they hold that are not over, soonest first, and
 * (with their open swap request) and the open slots of events still to start (not cancelled) that they may volunteer for: room left,
 * eligible on the event's dates, free at that time.
 */
export class GetMyDuties extends UseCase<GetMyDutiesDeps> {
  async execute(member: Member): Promise<MyDuties> {
    const now = this.deps.clock.now();
    const [events, memberDuties, held, dutyTypes, qualifications, swaps] = await Promise.all([
      this.deps.events.listNotOverBefore(now),
      this.deps.duties.listMemberDuties(member.id),
      this.deps.duties.listMemberQualifications(member.id),
      this.deps.duties.listCatalogue('dutyTypes'),
      this.deps.duties.listCatalogue('qualifications'),
      this.deps.dutySwaps.listOpenOf(member.id),
    ]);
    const byId = new Map(events.map((event) => [event.id, event]));
    const typeOf = (dutyTypeId: string) => dutyTypes.find((type) => type.id === dutyTypeId);
    const shown = (event: ClubEvent, slotId: string, dutyTypeId: string, window: DutyWindow): MyDuty => ({
      slotId,
      dutyTypeName: typeOf(dutyTypeId)?.name ?? 'Duty',
      eventId: event.id,
      eventName: event.name,
      start: window.start,
      end: window.end,
    });

    const open = events.filter((event) => event.cancelledAt === null);
    const slots = await this.deps.duties.listSlotsOfEvents(open.map((event) => event.id));
    const offered = slots.flatMap((slot) => {
      const event = byId.get(slot.eventId);
      const window = event ? dutyWindow(event) : null;
      return event && window ? [{ slot, event, window, dutyType: typeOf(slot.dutyTypeId) ?? { qualificationIds: [] } }] : [];
    });
    const openSlots = openSlotsFor(member, held, memberDuties, offered, now).sort((a, b) => a.window.start.localeCompare(b.window.start));
    const rota = await this.rota(member, offered, { held, qualifications, memberDuties, now });

    const mine = memberDuties.filter((duty) => Date.parse(duty.window.end) > now.getTime());
    const mySlots = new Map(
      (await Promise.all(mine.map((duty) => this.deps.duties.getSlot(duty.slotId)))).flatMap((slot) => (slot ? [[slot.id, slot] as const] : [])),
    );
    const missing = [...new Set(mine.map((duty) => duty.eventId).filter((id) => !byId.has(id)))];
    for (const event of await Promise.all(missing.map((id) => this.deps.events.get(id)))) if (event) byId.set(event.id, event);
    return {
      duties: mine.flatMap((duty) => {
        const event = byId.get(duty.eventId);
        const slot = mySlots.get(duty.slotId);
        return event && slot
          ? [
              {
                ...shown(event, duty.slotId, slot.dutyTypeId, duty.window),
                swapId: swaps.find((swap) => swap.slotId === duty.slotId && Date.parse(duty.assignedAt) <= Date.parse(swap.createdAt))?.id ?? null,
              },
            ]
          : [];
      }),
      open: openSlots.map(({ slot, event, window, dutyType }) => ({
        ...shown(event, slot.id, slot.dutyTypeId, window),
        description: 'description' in dutyType ? dutyType.description : '',
        needed: slot.needed,
        filled: slot.holders.length,
        optional: slot.optional,
      })),
      rota,
    };
  }

  /** Every event's slots with their holders (as the rota names them) and why this member could not volunteer for each, events soonest first. */
  private async rota(
    member: Member,
    offered: {
      slot: StaffedSlot;
      event: ClubEvent;
      window: DutyWindow;
      dutyType: Pick<DutyType, 'qualificationIds'> & Partial<Pick<DutyType, 'name' | 'description'>>;
    }[],
    mine: { held: MemberQualification[]; qualifications: Qualification[]; memberDuties: DutyAssignment[]; now: Date },
  ): Promise<RotaEvent[]> {
    const holderIds = [...new Set(offered.flatMap(({ slot }) => slot.holders.map((holder) => holder.memberId)))];
    const names = new Map((await Promise.all(holderIds.map((id) => this.deps.members.get(id)))).flatMap((m) => (m ? [[m.id, rotaName(m.name)] as const] : [])));
    const byEvent = new Map<string, RotaEvent>();
    for (const offer of [...offered].sort((a, b) => a.window.start.localeCompare(b.window.start) || a.event.id.localeCompare(b.event.id))) {
      const { slot, event, window, dutyType } = offer;
      const shown = byEvent.get(event.id) ?? { eventId: event.id, eventName: event.name, start: window.start, end: window.end, slots: [] };
      byEvent.set(event.id, shown);
      shown.slots.push({
        slotId: slot.id,
        dutyTypeName: dutyType.name ?? 'Duty',
        description: dutyType.description ?? '',
        needed: slot.needed,
        optional: slot.optional,
        holders: slot.holders.map((holder) => names.get(holder.memberId) ?? UNKNOWN_ROTA_MEMBER),
        refusal: rotaRefusal(member, mine.held, mine.qualifications, mine.memberDuties, offer, mine.now),
      });
    }
    return [...byEvent.values()];
  }
}

/** How the rota names a holder no longer on the member list. */
const UNKNOWN_ROTA_MEMBER = 'A member';
