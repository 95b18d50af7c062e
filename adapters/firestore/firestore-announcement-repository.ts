import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { AnnouncementSchema, newestAnnouncementsFirst, type Announcement } from '../../core/announcements/announcement';
import type { AnnouncementRepository, AnnouncementWrites } from '../../core/announcements/announcement-repository.port';
import type { OutboxMessage } from '../../core/mail/mail';
import { ValidationError } from '../../core/shared/errors';
import { appendToAuditLog } from './firestore-audit-log';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { addNewToOutbox } from './firestore-outbox';
import { inTurn, TRANSACTION_ATTEMPTS, transactionInTurn } from './firestore-turns';

/** E-mails per transaction: a Firestore transaction takes 500 writes, the announcement is one more. */
const MAIL_PER_TRANSACTION = 400;
/** Event ids per `in` query (Firestore takes at most 30). */
const EVENTS_PER_QUERY = 30;

const read = (snapshot: DocumentSnapshot): Announcement => AnnouncementSchema.parse(snapshot.data());

/**
 * Announcements in `announcements`, one document per announcement keyed by its id; its e-mails in
 * `outbox`, its audit entries in `auditLog`. Up to 400 e-mails go in the transaction that creates
 * the announcement and its audit entries; more are
 * written first, 400 to a transaction, each only if absent, so the announcement is stored only
 * once all its e-mails are, and an add tried again after a failure half-way writes each once.
 * Lists read one event's (few) announcements and order them here: no composite index.
 */
export class FirestoreAnnouncementRepository extends FirestoreCollectionAdapter implements AnnouncementRepository {
  protected readonly collectionName = 'announcements';

  async add(announcement: Announcement, mail: readonly OutboxMessage[], also: AnnouncementWrites = {}): Promise<boolean> {
    if (!isDocumentId(announcement.id)) throw new ValidationError('An id may not contain a slash or be reserved by Firestore');
    const ref = this.collection.doc(announcement.id);
    const chunks: OutboxMessage[][] = [];
    for (let at = 0; at < mail.length; at += MAIL_PER_TRANSACTION) chunks.push(mail.slice(at, at + MAIL_PER_TRANSACTION));
    const last = chunks.pop() ?? [];
    const key = `announcement-${announcement.id}`;
    for (const chunk of chunks) {
      const exists = await transactionInTurn(this.db, key, async (tx) => {
        if ((await tx.get(ref)).exists) return true;
        await addNewToOutbox(tx, this.db, chunk, this.options);
        return false;
      });
      if (exists) return false;
    }
    const work = async (tx: Transaction): Promise<boolean> => {
      if ((await tx.get(ref)).exists) return false;
      await addNewToOutbox(tx, this.db, last, this.options);
      tx.create(ref, announcement);
      appendToAuditLog(tx, this.db, also.audit ?? [], this.options);
      return true;
    };
    // An audit id already stored fails the create: nothing of this transaction is written.
    return inTurn(this.db, key, () =>
      withCoreErrors(() => this.db.runTransaction(work, { maxAttempts: TRANSACTION_ATTEMPTS }), { conflict: 'An audit entry with this id already exists' }),
    );
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
