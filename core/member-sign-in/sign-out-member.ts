import type { MemberSessionRepository } from './member-session-repository.port';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import type { Member } from '../members/member';
import type { PushSubscriptionRepository } from '../push/push-subscription-repository.port';

type PushDevices = Pick<PushSubscriptionRepository, 'removeBySession' | 'removeByMember'>;

/**
 * Sign out everywhere: every session of the member is deleted, on every device; each one's next
 * request finds no member, and no device of theirs takes push notifications any more.
 */
export class SignOutEverywhere extends UseCase<{ memberSessions: MemberSessionRepository; pushSubscriptions: PushDevices }> {
  async execute(member: Member): Promise<void> {
    await this.deps.memberSessions.deleteByUid(member.id);
    await this.deps.pushSubscriptions.removeByMember(member.id);
  }
}

/**
 * Sign out: the session is deleted, so its cookie no longer signs anyone in, and the device
 * subscribed to push under it takes no more notifications (docs/notifications.md#removal).
 */
export class SignOutMember extends UseCase<{ memberSessions: MemberSessionRepository; secrets: SecretTokens; pushSubscriptions: PushDevices }> {
  async execute(token: string | null): Promise<void> {
    if (!token || token.length > 200) return;
    const hash = this.deps.secrets.hash(token);
    await this.deps.memberSessions.delete(hash);
    await this.deps.pushSubscriptions.removeBySession(hash);
  }
}
