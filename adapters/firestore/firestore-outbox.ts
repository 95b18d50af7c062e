import type { DocumentData, Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { dueAtMs, newestFirst } from '../../core/mail/outbox';
import { OutboxMessageSchema, type OutboxMessage, type OutboxStatus } from '../../core/mail/mail';
import type { ClaimedMessage, Outbox } from '../../core/mail/outbox.port';
import { claimDueDocuments, renewClaimedDocument, settleClaimedDocument } from './firestore-claims';
import { collectionOf, FirestoreCollectionAdapter, type FirestoreCollectionOptions } from './firestore-collections';
import { documentById, isDocumentId } from './firestore-document-ids';
import { FIRESTORE_CODES, firestoreCode, withCoreErrors } from './firestore-errors';
import { runTransactionTried } from './firestore-turns';

/** A message as its outbox document holds it (unclaimed unless `claim` is given). */
export function outboxDocument(message: OutboxMessage, claim: string | null = null): DocumentData {
  return { message, status: message.status, recordId: message.recordId, createdAtMs: Date.parse(message.createdAt), dueAtMs: dueAtMs(message), claim };
}

/** Adds messages to the caller's batch (a booking and its confirmation commit together). */
export function addToOutbox(
  batch: Pick<WriteBatch, 'create'> | Transaction,
  db: Firestore,
  messages: readonly OutboxMessage[],
  options: FirestoreCollectionOptions = {},
): void {
  for (const message of messages) batch.create(collectionOf(db, 'outbox', options).doc(message.id), outboxDocument(message));
}

/**
 * Of `messages`, those whose ids are not stored yet (each once), read in the caller's transaction:
 * a transaction reads before it writes, so ask first and write them (addToOutbox) with the rest.
 */
export async function outboxNotStored(
  tx: Transaction,
  db: Firestore,
  messages: readonly OutboxMessage[],
  options: FirestoreCollectionOptions = {},
): Promise<OutboxMessage[]> {
  const unique = [...new Map(messages.map((message) => [message.id, message])).values()];
  if (unique.length === 0) return [];
  const stored = await tx.getAll(...unique.map((message) => collectionOf(db, 'outbox', options).doc(message.id)));
  return unique.filter((_, i) => !stored[i].exists);
}

const read = (data: DocumentData | undefined): OutboxMessage => OutboxMessageSchema.parse(data?.message);

/**
 * The outbox in the `outbox` collection. A sender claims each due message in a transaction that
 * reads it again, so with several server instances on one project each claim goes to one of
 * them; the claim pushes the message's due time past the lease, so a claim never settled (its
 * sender died) lets the message come due again. Queries are on single fields (`dueAtMs`,
 * `createdAtMs`): no composite index is needed.
 */
export class FirestoreOutbox extends FirestoreCollectionAdapter implements Outbox {
  protected readonly collectionName = 'outbox';

  async add(messages: readonly OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const batch = this.db.batch();
    addToOutbox(batch, this.db, messages, this.options);
    await withCoreErrors(() => batch.commit(), { conflict: 'An outbox message with this id already exists' });
  }

  async addOnce(message: OutboxMessage): Promise<boolean> {
    try {
      await withCoreErrors(() => this.collection.doc(message.id).create(outboxDocument(message)));
      return true;
    } catch (error) {
      if (firestoreCode(error) === FIRESTORE_CODES.ALREADY_EXISTS) return false;
      throw error;
    }
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    const claimed = await claimDueDocuments(this.db, this.collection, now, leaseMs, limit);
    return claimed.map(({ data, claim }) => ({ message: read(data), claim }));
  }

  renew(claim: ClaimedMessage, now: Date, leaseMs: number): Promise<boolean> {
    return renewClaimedDocument(this.db, this.collection, claim.message.id, claim.claim, new Date(now.getTime() + leaseMs));
  }

  settle(claim: ClaimedMessage, outcome: OutboxMessage): Promise<boolean> {
    return settleClaimedDocument(this.db, this.collection, claim.message.id, claim.claim, outboxDocument(outcome));
  }

  async get(id: string): Promise<OutboxMessage | null> {
    const snapshot = await documentById(this.collection, id);
    return snapshot ? read(snapshot.data()) : null;
  }

  async list(filter: { status?: OutboxStatus; recordId?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    let query = this.collection.orderBy('createdAtMs', 'desc').limit(filter.limit ?? 200);
    // One equality filter beside the order needs no composite index only when it is alone;
    // with both, the record's few messages are read and the status picked here.
    if (filter.recordId !== undefined) query = this.collection.where('recordId', '==', filter.recordId).limit(1000);
    else if (filter.status !== undefined) query = this.collection.where('status', '==', filter.status).limit(1000);
    const snapshot = await withCoreErrors(() => query.get());
    const messages = snapshot.docs.map((doc) => read(doc.data())).filter((m) => filter.status === undefined || m.status === filter.status);
    return newestFirst(messages).slice(0, filter.limit ?? 200);
  }

  async replace(message: OutboxMessage): Promise<boolean> {
    if (!isDocumentId(message.id)) return false;
    const ref = this.collection.doc(message.id);
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (transaction) => {
        if (!(await transaction.get(ref)).exists) return false;
        transaction.set(ref, outboxDocument(message));
        return true;
      }),
    );
  }
}
