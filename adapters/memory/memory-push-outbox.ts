import { pushDueAtMs, type PushDelivery } from '../../core/push/push';
import type { ClaimedPushDelivery, PushOutbox } from '../../core/push/push-outbox.port';
import { MemoryClaimables } from './memory-claims';

/** The push outbox in memory (tests), claims as MemoryOutbox's. */
export class MemoryPushOutbox implements PushOutbox {
  private readonly rows = new MemoryClaimables<PushDelivery>(pushDueAtMs);

  async addOnce(deliveries: readonly PushDelivery[]): Promise<number> {
    return this.addNow(deliveries);
  }

  /** addOnce without yielding (atomic with a caller's change in this process): how many it wrote. */
  addNow(deliveries: readonly PushDelivery[]): number {
    let written = 0;
    for (const delivery of deliveries) {
      if (this.rows.has(delivery.id)) continue;
      this.rows.put(delivery);
      written += 1;
    }
    return written;
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedPushDelivery[]> {
    return this.rows.claimDue(now, leaseMs, limit).map(({ item, claim }) => ({ delivery: item, claim }));
  }

  async renew(claim: ClaimedPushDelivery, now: Date, leaseMs: number): Promise<boolean> {
    return this.rows.renew(claim.delivery.id, claim.claim, new Date(now.getTime() + leaseMs));
  }

  async settle(claim: ClaimedPushDelivery, outcome: PushDelivery): Promise<boolean> {
    return this.rows.settle(claim.delivery.id, claim.claim, outcome);
  }

  async get(id: string): Promise<PushDelivery | null> {
    return this.rows.get(id);
  }

  async removeByMember(memberId: string): Promise<number> {
    return this.rows.deleteWhere((delivery) => delivery.memberId === memberId);
  }
}
