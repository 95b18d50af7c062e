import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../core/errors';
import type { OutboxMessage, OutboxStatus } from '../../core/entities/mail';
import type { ClaimedMessage, Outbox } from '../../core/ports/outbox';
import { dueAtMs, newestFirst } from '../../core/domain/outbox';

interface Row {
  message: OutboxMessage;
  dueAtMs: number | null;
  claim: string | null;
}

export class MemoryOutbox implements Outbox {
  private readonly rows = new Map<string, Row>();

  async add(messages: readonly OutboxMessage[]): Promise<void> {
    this.checkNew(messages);
    this.addNow(messages);
  }

  /** Throws, changing nothing, when a message's id is taken (for a caller's all-or-nothing change). */
  checkNew(messages: readonly OutboxMessage[]): void {
    const ids = new Set(messages.map((m) => m.id));
    if (ids.size < messages.length || messages.some((m) => this.rows.has(m.id))) throw new ConflictError('An outbox message with this id already exists');
  }

  /** Writes messages already checked with checkNew, without yielding (atomic with the caller's change). */
  addNow(messages: readonly OutboxMessage[]): void {
    for (const message of messages) this.rows.set(message.id, { message: structuredClone(message), dueAtMs: dueAtMs(message), claim: null });
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    const due = [...this.rows.values()].filter((row) => row.dueAtMs !== null && row.dueAtMs <= now.getTime()).sort((a, b) => (a.dueAtMs ?? 0) - (b.dueAtMs ?? 0));
    return due.slice(0, limit).map((row) => {
      row.claim = randomUUID();
      row.dueAtMs = now.getTime() + leaseMs;
      return { message: structuredClone(row.message), claim: row.claim };
    });
  }

  async settle(claim: ClaimedMessage, outcome: OutboxMessage): Promise<boolean> {
    const row = this.rows.get(claim.message.id);
    if (!row || row.claim !== claim.claim) return false;
    this.rows.set(outcome.id, { message: structuredClone(outcome), dueAtMs: dueAtMs(outcome), claim: null });
    return true;
  }

  async get(id: string): Promise<OutboxMessage | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row.message) : null;
  }

  async list(filter: { status?: OutboxStatus; recordId?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    const messages = [...this.rows.values()]
      .map((row) => row.message)
      .filter((m) => (filter.status === undefined || m.status === filter.status) && (filter.recordId === undefined || m.recordId === filter.recordId));
    return newestFirst(messages).slice(0, filter.limit ?? 200).map((m) => structuredClone(m));
  }

  async replace(message: OutboxMessage): Promise<boolean> {
    if (!this.rows.has(message.id)) return false;
    this.rows.set(message.id, { message: structuredClone(message), dueAtMs: dueAtMs(message), claim: null });
    return true;
  }
}
