import { ConflictError } from '../../core/shared/errors';
import type { AuditEntry } from '../../core/audit/audit';
import type { AuditFilter, AuditLog } from '../../core/audit/audit-log.port';
import { auditOrder, matchesAuditFilter } from '../../core/audit/audit-filter';

export class MemoryAuditLog implements AuditLog {
  private readonly entries = new Map<string, AuditEntry>();

  async append(entries: readonly AuditEntry[]): Promise<void> {
    this.checkNew(entries);
    this.appendNow(entries);
  }

  /** Throws, changing nothing, when an entry's id is taken (for a caller's all-or-nothing change). */
  checkNew(entries: readonly AuditEntry[]): void {
    const ids = new Set(entries.map((e) => e.id));
    if (ids.size < entries.length || entries.some((e) => this.entries.has(e.id))) throw new ConflictError('An audit entry with this id already exists');
  }

  /** Writes entries already checked with checkNew, without yielding (atomic with the caller's change). */
  appendNow(entries: readonly AuditEntry[]): void {
    for (const entry of entries) this.entries.set(entry.id, structuredClone(entry));
  }

  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    return [...this.entries.values()]
      .filter((entry) => matchesAuditFilter(entry, filter))
      .sort(auditOrder)
      .slice(0, Math.max(0, filter.limit))
      .map((entry) => structuredClone(entry));
  }
}
