import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { MemberSessionRepository } from './member-session-repository.port';
import type { Clock } from '../shared/clock.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import type { SignedInMember } from './member-sign-in';

export interface CurrentMemberDeps {
  members: MemberRepository;
  memberSessions: MemberSessionRepository;
  secrets: SecretTokens;
  clock: Clock;
}

/** What the pages may show of a member. */
export function signedInMember(member: Member): SignedInMember {
  return { id: member.id, name: member.name, email: member.email, renewalDate: member.renewalDate };
}

/**
 * The member a session cookie's token belongs to, checked on every request: the session must be
 * stored and not expired, and its member on the list and not disabled. A session whose member
 * was disabled or removed is deleted, so it never comes back if the member is enabled again.
 * A lapsed membership still signs in (its member price is decided elsewhere).
 */
export class CurrentMember extends UseCase<CurrentMemberDeps> {
  async execute(token: string | null): Promise<Member | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = this.deps.secrets.hash(token);
    const session = await this.deps.memberSessions.get(tokenHash);
    if (!session) return null;
    if (this.deps.clock.now().getTime() >= Date.parse(session.expiresAt)) return null;
    const member = await this.deps.members.get(session.uid);
    if (!member || member.disabled) {
      await this.deps.memberSessions.delete(tokenHash);
      return null;
    }
    return member;
  }
}
