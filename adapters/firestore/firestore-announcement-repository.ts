import type { DocumentData, DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { AnnouncementSchema, newestAnnouncementsFirst, type Announcement } from '../../core/announcements/announcement';
import type { AnnouncementRepository, AnnouncementWrites } from '../../core/announcements/announcement-repository.port';
import type { OutboxMessage } from '../../core/mail/mail';
import { ValidationError } from '../../core/shared/errors';
import { appendToAuditLog } from './firestore-audit-log';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { outboxDocument } from './firestore-outbox';
import { pushOutboxDocument } from './firestore-push-outbox';
import { inTurn, runTransactionTried, transactionInTurn } from './firestore-turns';

/** E-mails and push deliveries per transaction: a Firestore transaction takes 500 writes, the announcement and its audit entry are a few more. */
const DOCUMENTS_PER_TRANSACTION = 400;

/** An outbox or push outbox document to create unless its id is stored. */
interface NewDocument {
  ref: DocumentReference;
  data: DocumentData;
}

/**
 * Creates in the transaction each document not stored yet (read first), leaving a stored one as
 * it is: an add tried again after failing half-way queues none twice. Reads before writes: call it
 * before the transaction writes anything.
 */
async function createAbsent(tx: Transaction, documents: readonly NewDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const snapshots = await tx.getAll(...documents.map((document) => document.ref));
  snapshots.forEach((snapshot, i) => {
    if (!snapshot.exists) tx.create(documents[i].ref, documents[i].data);
  });
}
/** Event ids per `in` query (Firestore takes at most 30). */
const EVENTS_PER_QUERY = 30;

const read = (snapshot: DocumentSnapshot): Announcement => AnnouncementSchema.parse(snapshot.data());

/**
 * Announcements in `announcements`, one document per announcement keyed by its id; its e-mails in
 * `outbox`, its push deliveries in `pushOutbox`, its audit entries in `auditLog`. Up to 400
 * e-mails and deliveries go in the transaction that creates the announcement and its audit
 * entries; more are written first, 400 to a transaction, each only if absent, so the announcement
 * is stored only once all its e-mails and deliveries are, and an add tried again after a failure
 * half-way writes each once.
 * Lists read one event's (few) announcements and order them here: no composite index.
 */
export class FirestoreAnnouncementRepository extends FirestoreCollectionAdapter implements AnnouncementRepository {
  protected readonly collectionName = 'announcements';

  async add(announcement: Announcement, mail: readonly OutboxMessage[], also: AnnouncementWrites = {}): Promise<boolean> {
    if (!isDocumentId(announcement.id)) throw new ValidationError('An id may not contain a slash or be reserved by Firestore');
    const ref = this.collection.doc(announcement.id);
    const outbox = collectionOf(this.db, 'outbox', this.options);
    const pushOutbox = collectionOf(this.db, 'pushOutbox', this.options);
    const documents: NewDocument[] = [
      ...mail.map((message) => ({ ref: outbox.doc(message.id), data: outboxDocument(message) })),
      ...(also.push ?? []).map((delivery) => ({ ref: pushOutbox.doc(delivery.id), data: pushOutboxDocument(delivery) })),
    ];
    const chunks: NewDocument[][] = [];
    for (let at = 0; at < documents.length; at += DOCUMENTS_PER_TRANSACTION) chunks.push(documents.slice(at, at + DOCUMENTS_PER_TRANSACTION));
    const last = chunks.pop() ?? [];
    const key = `announcement-${announcement.id}`;
    for (const chunk of chunks) {
      const exists = await transactionInTurn(this.db, key, async (tx) => {
        if ((await tx.get(ref)).exists) return true;
        await createAbsent(tx, chunk);
        return false;
      });
      if (exists) return false;
    }
    const work = async (tx: Transaction): Promise<boolean> => {
      if ((await tx.get(ref)).exists) return false;
      await createAbsent(tx, last);
      tx.create(ref, announcement);
      appendToAuditLog(tx, this.db, also.audit ?? [], this.options);
      return true;
    };
    // An audit id already stored fails the create: nothing of this transaction is written.
    return inTurn(this.db, key, () => withCoreErrors(() => runTransactionTried(this.db, work), { conflict: 'An audit entry with this id already exists' }));
  }

  async get(id: string): Promise<Announcement | null> {
    const snapshot = await documentById(this.collection, id);
    return snapshot ? read(snapshot) : null;
  }

  async listByEvent(eventId: string): Promise<Announcement[]> {
    const snapshot = await withCoreErrors(() => this.collection.where('eventId', '==', eventId).get());
    return newestAnnouncementsFirst(snapshot.docs.map(read));
  }

  async listByEvents(eventIds: readonly string[], limit: number): Promise<Announcement[]> {
    const ids = [...new Set(eventIds)];
    if (ids.length === 0 || limit <= 0) return [];
    const queries: Promise<Announcement[]>[] = [];
    for (let at = 0; at < ids.length; at += EVENTS_PER_QUERY) {
      const slice = ids.slice(at, at + EVENTS_PER_QUERY);
      queries.push(withCoreErrors(() => this.collection.where('eventId', 'in', slice).get()).then((found) => found.docs.map(read)));
    }
    return newestAnnouncementsFirst((await Promise.all(queries)).flat()).slice(0, limit);
  }
}
