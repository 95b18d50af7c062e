import type { MemberCalendarFeedRepository } from '../../core/my-club/member-calendar-feed-repository.port';

export class MemoryMemberCalendarFeedRepository implements MemberCalendarFeedRepository {
  private readonly secrets = new Map<string, string>();

  async secretOf(memberId: string): Promise<string | null> {
    return this.secrets.get(memberId) ?? null;
  }

  async memberOf(secret: string): Promise<string | null> {
    for (const [memberId, stored] of this.secrets) if (stored === secret) return memberId;
    return null;
  }

  async replace(memberId: string, secret: string): Promise<void> {
    this.secrets.set(memberId, secret);
  }
}
