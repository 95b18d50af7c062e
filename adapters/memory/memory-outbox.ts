import { ConflictError } from '../../core/shared/errors';
import type { OutboxMessage, OutboxStatus } from '../../core/mail/mail';
import type { ClaimedMessage, Outbox } from '../../core/mail/outbox.port';
import { dueAtMs, newestFirst } from '../../core/mail/outbox';
import { MemoryClaimables } from './memory-claims';

export class MemoryOutbox implements Outbox {
  private readonly rows = new MemoryClaimables<OutboxMessage>(dueAtMs);

  async add(messages: readonly OutboxMessage[]): Promise<void> {
    this.checkNew(messages);
    this.addNow(messages);
  }

  async addOnce(message: OutboxMessage): Promise<boolean> {
    if (this.rows.has(message.id)) return false;
    this.rows.put(message);
    return true;
  }

  /** Throws, changing nothing, when a message's id is taken (for a caller's all-or-nothing change). */
  checkNew(messages: readonly OutboxMessage[]): void {
    const ids = new Set(messages.map((m) => m.id));
    if (ids.size < messages.length || messages.some((m) => this.rows.has(m.id))) throw new ConflictError('An outbox message with this id already exists');
  }

  /** Whether a message with this id is stored (whatever its state). */
  has(id: string): boolean {
    return this.rows.has(id);
  }

  /** Writes messages already checked with checkNew, without yielding (atomic with the caller's change). */
  addNow(messages: readonly OutboxMessage[]): void {
    for (const message of messages) this.rows.put(message);
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    return this.rows.claimDue(now, leaseMs, limit).map(({ item, claim }) => ({ message: item, claim }));
  }

  async renew(claim: ClaimedMessage, now: Date, leaseMs: number): Promise<boolean> {
    return this.rows.renew(claim.message.id, claim.claim, new Date(now.getTime() + leaseMs));
  }

  async settle(claim: ClaimedMessage, outcome: OutboxMessage): Promise<boolean> {
    return this.rows.settle(claim.message.id, claim.claim, outcome);
  }

  async get(id: string): Promise<OutboxMessage | null> {
    return this.rows.get(id);
  }

  async list(filter: { status?: OutboxStatus; recordId?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    const messages = this.rows
      .all()
      .filter((m) => (filter.status === undefined || m.status === filter.status) && (filter.recordId === undefined || m.recordId === filter.recordId));
    return newestFirst(messages)
      .slice(0, filter.limit ?? 200)
      .map((m) => structuredClone(m));
  }

  async replace(message: OutboxMessage): Promise<boolean> {
    if (!this.rows.has(message.id)) return false;
    this.rows.put(message);
    return true;
  }
}
