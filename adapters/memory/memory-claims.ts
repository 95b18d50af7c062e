import { randomUUID } from 'node:crypto';

interface Row<T> {
  item: T;
  dueAtMs: number | null;
  claim: string | null;
}

/**
 * Items that runners claim when due (the outbox's messages, the scheduled jobs): a claim pushes
 * the item's due time past the lease, and only the claim's holder may then settle it.
 */
export class MemoryClaimables<T extends { id: string }> {
  private readonly rows = new Map<string, Row<T>>();

  constructor(private readonly dueAtMs: (item: T) => number | null) {}

  has(id: string): boolean {
    return this.rows.has(id);
  }

  get(id: string): T | null {
    const row = this.rows.get(id);
    return row ? structuredClone(row.item) : null;
  }

  all(): T[] {
    return [...this.rows.values()].map((row) => row.item);
  }

  /** Stores the item as it is, unclaimed. */
  put(item: T): void {
    this.rows.set(item.id, { item: structuredClone(item), dueAtMs: this.dueAtMs(item), claim: null });
  }

  claimDue(now: Date, leaseMs: number, limit: number): { item: T; claim: string }[] {
    const due = [...this.rows.values()]
      .filter((row) => row.dueAtMs !== null && row.dueAtMs <= now.getTime())
      .sort((a, b) => (a.dueAtMs ?? 0) - (b.dueAtMs ?? 0));
    return due.slice(0, limit).map((row) => {
      row.claim = randomUUID();
      row.dueAtMs = now.getTime() + leaseMs;
      return { item: structuredClone(row.item), claim: row.claim };
    });
  }

  /** Pushes the item's due time to `until` if `claim` still holds it (a heartbeat); false otherwise. */
  renew(id: string, claim: string, until: Date): boolean {
    const row = this.rows.get(id);
    if (!row || row.claim !== claim) return false;
    row.dueAtMs = until.getTime();
    return true;
  }

  /** Stores `outcome` if `claim` still holds the item; false otherwise. */
  settle(id: string, claim: string, outcome: T): boolean {
    const row = this.rows.get(id);
    if (!row || row.claim !== claim) return false;
    this.put(outcome);
    return true;
  }

  /** Deletes the items `which` picks, claimed or not: how many it deleted. */
  deleteWhere(which: (item: T) => boolean): number {
    let deleted = 0;
    for (const [id, row] of this.rows) {
      if (which(row.item)) {
        this.rows.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}
