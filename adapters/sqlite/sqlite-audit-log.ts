import type { Knex } from 'knex';
import { AuditEntrySchema, type AuditEntry } from '../../core/audit/audit';
import type { AuditFilter, AuditLog } from '../../core/audit/audit-log.port';
import { actorUidOf } from '../../core/audit/audit-filter';
import { instantMillis, readJson } from './sqlite-values';
import { isUniqueViolation } from './sqlite-errors';
import { ConflictError } from '../../core/shared/errors';
import type { PreparedWrites } from './sqlite-write-transaction';

function row(entry: AuditEntry): Record<string, unknown> {
  return { id: entry.id, atMs: instantMillis(entry.at), recordId: entry.recordId, actorUid: actorUidOf(entry), entry: JSON.stringify(entry) };
}

/** Writes audit entries within the caller's transaction (a booking change and its entries commit together). */
export async function appendToAuditLog(trx: Knex | Knex.Transaction, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await trx('audit_log').insert(entries.map(row));
}

/** appendToAuditLog in a prepared write transaction (preparedWriteTransaction). */
export function insertIntoAuditLog(writes: PreparedWrites, entries: readonly AuditEntry[]): void {
  writes.insert('audit_log', entries.map(row));
}

/** The audit log in the `audit_log` table: rows are inserted, never updated or deleted. */
export class SqliteAuditLog implements AuditLog {
  constructor(private readonly db: Knex) {}

  async append(entries: readonly AuditEntry[]): Promise<void> {
    try {
      // One INSERT statement: all the entries or none.
      await appendToAuditLog(this.db, entries);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('An audit entry with this id already exists');
      throw error;
    }
  }

  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    let query = this.db('audit_log')
      .select('entry')
      .orderBy([
        { column: 'atMs', order: 'desc' },
        { column: 'id', order: 'asc' },
      ]);
    if (filter.recordId !== undefined) query = query.where({ recordId: filter.recordId });
    if (filter.actorUid !== undefined) query = query.where({ actorUid: filter.actorUid });
    const rows = await query.limit(Math.max(0, filter.limit));
    return rows.map((r: { entry: string }) => AuditEntrySchema.parse(readJson(r.entry)));
  }
}
