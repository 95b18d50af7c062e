import type { DocumentData, Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { AuditEntrySchema, type AuditEntry } from '../../core/audit/audit';
import type { AuditFilter, AuditLog } from '../../core/audit/audit-log.port';
import { actorUidOf } from '../../core/audit/audit-filter';
import { collectionOf, orderedBy, type FirestoreCollectionOptions } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { toTimestamp } from './firestore-instants';

/** The entry, with beside it what the filters and the order read: `at` as a Timestamp, the record and the admin. */
function stored(entry: AuditEntry): DocumentData {
  return { entry, at: toTimestamp(entry.at), recordId: entry.recordId, actorUid: actorUidOf(entry) };
}

/** Adds entries to a batch (a booking change and its entries commit together); `create` refuses an id already used. */
export function appendToAuditLog(
  batch: Pick<WriteBatch, 'create'> | Transaction,
  db: Firestore,
  entries: readonly AuditEntry[],
  options: FirestoreCollectionOptions = {},
): void {
  for (const entry of entries) batch.create(collectionOf(db, 'auditLog', options).doc(entry.id), stored(entry));
}

/**
 * The audit log in the `auditLog` collection, one document per entry keyed by its id, created and
 * never updated. The filtered lists need the composite indexes in firestore.indexes.json.
 */
export class FirestoreAuditLog implements AuditLog {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  async append(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const batch = this.db.batch();
    appendToAuditLog(batch, this.db, entries, this.options);
    await withCoreErrors(() => batch.commit(), { conflict: 'An audit entry with this id already exists' });
  }

  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    if (filter.limit <= 0) return [];
    let query = orderedBy(collectionOf(this.db, 'auditLog', this.options), 'at', 'desc');
    if (filter.recordId !== undefined) {
      if (!filter.recordId.isWellFormed()) return [];
      query = query.where('recordId', '==', filter.recordId);
    }
    if (filter.actorUid !== undefined) {
      if (!filter.actorUid.isWellFormed()) return [];
      query = query.where('actorUid', '==', filter.actorUid);
    }
    const snapshot = await withCoreErrors(() => query.limit(filter.limit).get());
    return snapshot.docs.map((doc) => AuditEntrySchema.parse(doc.get('entry')));
  }
}
