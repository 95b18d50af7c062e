import type { PushSubscription } from '../../core/push/push';
import type { PushSubscriptionRepository } from '../../core/push/push-subscription-repository.port';

/** Members' push devices in memory (tests). */
export class MemoryPushSubscriptionRepository implements PushSubscriptionRepository {
  private readonly subscriptions = new Map<string, PushSubscription>();

  async save(subscription: PushSubscription): Promise<void> {
    this.subscriptions.set(subscription.id, structuredClone(subscription));
  }

  async get(id: string): Promise<PushSubscription | null> {
    const found = this.subscriptions.get(id);
    return found ? structuredClone(found) : null;
  }

  async listByMember(memberId: string): Promise<PushSubscription[]> {
    return [...this.subscriptions.values()]
      .filter((s) => s.memberId === memberId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((s) => structuredClone(s));
  }

  async remove(id: string): Promise<boolean> {
    return this.subscriptions.delete(id);
  }

  async removeBySession(sessionHash: string): Promise<number> {
    return this.removeWhere((s) => s.sessionHash === sessionHash);
  }

  async removeByMember(memberId: string): Promise<number> {
    return this.removeWhere((s) => s.memberId === memberId);
  }

  private removeWhere(which: (s: PushSubscription) => boolean): number {
    const gone = [...this.subscriptions.values()].filter(which);
    for (const s of gone) this.subscriptions.delete(s.id);
    return gone.length;
  }
}
