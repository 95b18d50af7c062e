import type { MemberSessionRepository } from './member-session-repository.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import type { Member } from '../members/member';

/** Sign out everywhere: every session of the member is deleted, on every device; each one's next request finds no member. */
export class SignOutEverywhere extends UseCase<{ memberSessions: MemberSessionRepository }> {
  async execute(member: Member): Promise<void> {
    await this.deps.memberSessions.deleteByUid(member.id);
  }
}

/** Sign out: the session is deleted, so its cookie no longer signs anyone in. */
export class SignOutMember extends UseCase<{ memberSessions: MemberSessionRepository; secrets: SecretTokens }> {
  async execute(token: string | null): Promise<void> {
    if (!token || token.length > 200) return;
    await this.deps.memberSessions.delete(this.deps.secrets.hash(token));
  }
}
