import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { Clock } from '../shared/clock.port';
import { londonDate } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { memberView, type MemberListResponse } from './member-form';
import type { MemberRepository } from './member-repository.port';

export interface ListMembersDeps {
  members: MemberRepository;
  clock: Clock;
}

/** The club's member list, by name, each with whether their membership is current today (London). Personal data: needs members:write. */
export class ListMembers extends UseCase<ListMembersDeps> {
  async execute(admin: Admin): Promise<MemberListResponse> {
    requirePermission(admin, 'members.read');
    const today = londonDate(this.deps.clock.now());
    return { today, members: (await this.deps.members.list()).map((member) => memberView(member, today)) };
  }
}
