import type { AuditEntry } from './audit';

export interface AuditFilter {
  /** Only entries about this record (a booking, event or admin id). */
  recordId?: string;
  /** Only entries by this admin (uid). */
  actorUid?: string;
  /** At most this many (the newest). */
  limit: number;
}

/**
 * The append-only audit log. Entries about a booking change are written by the booking
 * repository in the same transaction as the change (BookingRepository.change); the others are
 * appended after the change they record.
 */
export interface AuditLog {
  /** Appends entries (each with a unique id); nothing is ever changed or removed. */
  append(entries: readonly AuditEntry[]): Promise<void>;
  /** Entries newest first (by `at`, then id), filtered. */
  list(filter: AuditFilter): Promise<AuditEntry[]>;
}
