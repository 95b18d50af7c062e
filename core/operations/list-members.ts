import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { Clock } from '../shared/clock.port';
import { londonDate } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { memberView, type MemberListResponse } from '../members/member-form';
import type { MemberRepository } from '../members/member-repository.port';
import type { DutyRepository } from '../duties/duty-repository.port';
import { dutiesReleasedOnLeaving } from '../duties/member-duty-release';
import type { EventRepository } from '../events/event-repository.port';

export interface ListMembersDeps {
  members: MemberRepository;
  duties: Pick<DutyRepository, 'listSlotsOfEvents'>;
  events: Pick<EventRepository, 'listNotOverBefore'>;
  clock: Clock;
}

/**
 * The club's member list, by name, each with whether their membership is current today (London),
 * and how many duties not over yet each holds (what disabling them would release:
 * docs/duties.md#when-a-member-leaves). Personal data: needs members:write.
 */
export class ListMembers extends UseCase<ListMembersDeps> {
  async execute(admin: Admin): Promise<MemberListResponse> {
    requirePermission(admin, 'members.read');
    const now = this.deps.clock.now();
    const today = londonDate(now);
    const [members, events] = await Promise.all([this.deps.members.list(), this.deps.events.listNotOverBefore(now)]);
    const slots = await this.deps.duties.listSlotsOfEvents(events.map((event) => event.id));
    const upcomingDuties: Record<string, number> = {};
    for (const duty of dutiesReleasedOnLeaving(
      slots.flatMap((slot) => slot.holders),
      now,
    ))
      upcomingDuties[duty.memberId] = (upcomingDuties[duty.memberId] ?? 0) + 1;
    return { today, members: members.map((member) => memberView(member, today)), upcomingDuties };
  }
}
