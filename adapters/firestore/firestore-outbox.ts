import { randomUUID } from 'node:crypto';
import type { DocumentData, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { dueAtMs, newestFirst } from '../../core/domain/outbox';
import { OutboxMessageSchema, type OutboxMessage, type OutboxStatus } from '../../core/entities/mail';
import type { ClaimedMessage, Outbox } from '../../core/ports/outbox';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';

function stored(message: OutboxMessage, claim: string | null = null): DocumentData {
  return { message, status: message.status, recordId: message.recordId, createdAtMs: Date.parse(message.createdAt), dueAtMs: dueAtMs(message), claim };
}

/** Adds messages to the caller's batch (a booking and its confirmation commit together). */
export function addToOutbox(batch: WriteBatch, db: Firestore, messages: readonly OutboxMessage[], options: FirestoreCollectionOptions = {}): void {
  for (const message of messages) batch.create(collectionOf(db, 'outbox', options).doc(message.id), stored(message));
}

const read = (data: DocumentData | undefined): OutboxMessage => OutboxMessageSchema.parse(data?.message);

/**
 * The outbox in the `outbox` collection. A sender claims each due message in a transaction that
 * reads it again, so with several server instances on one project each claim goes to one of
 * them; the claim pushes the message's due time past the lease, so a claim never settled (its
 * sender died) lets the message come due again. Queries are on single fields (`dueAtMs`,
 * `createdAtMs`): no composite index is needed.
 */
export class FirestoreOutbox implements Outbox {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'outbox', this.options);
  }

  async add(messages: readonly OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const batch = this.db.batch();
    addToOutbox(batch, this.db, messages, this.options);
    await withCoreErrors(() => batch.commit(), { conflict: 'An outbox message with this id already exists' });
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    const due = await withCoreErrors(() => this.collection.where('dueAtMs', '<=', now.getTime()).orderBy('dueAtMs').limit(limit).get());
    const claimed: ClaimedMessage[] = [];
    for (const candidate of due.docs) {
      const claim = randomUUID();
      const message = await withCoreErrors(() =>
        this.db.runTransaction(async (transaction) => {
          const current = await transaction.get(candidate.ref);
          const data = current.data();
          // Another sender may have claimed it (or it was sent) since the query.
          if (!data || typeof data.dueAtMs !== 'number' || data.dueAtMs > now.getTime()) return null;
          transaction.update(candidate.ref, { claim, dueAtMs: now.getTime() + leaseMs });
          return read(data);
        }),
      );
      if (message) claimed.push({ message, claim });
    }
    return claimed;
  }

  async settle(claim: ClaimedMessage, outcome: OutboxMessage): Promise<boolean> {
    if (!isDocumentId(claim.message.id)) return false;
    const ref = this.collection.doc(claim.message.id);
    return withCoreErrors(() =>
      this.db.runTransaction(async (transaction) => {
        const current = await transaction.get(ref);
        if (current.data()?.claim !== claim.claim) return false;
        transaction.set(ref, stored(outcome));
        return true;
      }),
    );
  }

  async get(id: string): Promise<OutboxMessage | null> {
    if (!isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? read(snapshot.data()) : null;
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
      this.db.runTransaction(async (transaction) => {
        if (!(await transaction.get(ref)).exists) return false;
        transaction.set(ref, stored(message));
        return true;
      }),
    );
  }
}
