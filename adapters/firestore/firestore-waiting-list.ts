import { FieldPath, type DocumentData, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { WaitingListEntrySchema, type WaitingListEntry } from '../../core/waiting-list/waiting-list-entry';
import type { OutboxMessage } from '../../core/mail/mail';
import { ValidationError } from '../../core/shared/errors';
import { checkedWaitingListChange, inLineOrder, isInLine } from '../../core/waiting-list/waiting-list';
import type { WaitingList, WaitingListChange } from '../../core/waiting-list/waiting-list.port';
import { appendToAuditLog } from './firestore-audit-log';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { addToOutbox } from './firestore-outbox';
import { transaction, TRANSACTION_ATTEMPTS } from './firestore-turns';

/**
 * Waiting-list entries in `waitlistEntries`, one document per entry keyed by its id (the entry's
 * fields as they are, plus `emailKey`, the address in lower case, and `joinedAtMs`). A join runs
 * in a transaction that reads the event's entries and writes the event's document in
 * `waitlistLines`, so of two concurrent joins the second is run again and sees the first.
 */
export class FirestoreWaitingList extends FirestoreCollectionAdapter implements WaitingList {
  protected readonly collectionName = 'waitlistEntries';

  private get entries() {
    return this.collection;
  }

  async join(entry: WaitingListEntry, mail: readonly OutboxMessage[]): Promise<boolean> {
    if (!isDocumentId(entry.id) || !isDocumentId(entry.eventId)) throw new ValidationError('An id may not contain a slash or be reserved by Firestore');
    const lineRef = collectionOf(this.db, 'waitlistLines', this.options).doc(entry.eventId);
    const emailKey = entry.email.toLowerCase();
    return withCoreErrors(
      () =>
        this.db.runTransaction(
          async (tx) => {
            const line = await tx.get(lineRef);
            const others = await tx.get(this.entries.where('eventId', '==', entry.eventId));
            if (others.docs.some((doc) => doc.get('emailKey') === emailKey && isInLine(toEntry(doc)))) return false;
            tx.set(lineRef, { joins: Number(line.get('joins') ?? 0) + 1, lastJoinedAt: entry.joinedAt });
            tx.create(this.entries.doc(entry.id), toDocument(entry));
            addToOutbox(tx, this.db, mail, this.options);
            return true;
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      { conflict: 'A waiting-list entry with this id already exists' },
    );
  }

  async get(id: string): Promise<WaitingListEntry | null> {
    const snapshot = await documentById(this.entries, id);
    return snapshot ? toEntry(snapshot) : null;
  }

  async listInLine(): Promise<WaitingListEntry[]> {
    // A query on one field: no composite index. The entries in line are few.
    const snapshot = await withCoreErrors(() => this.entries.where('status', 'in', ['waiting', 'offered']).get());
    return inLineOrder(snapshot.docs.map(toEntry));
  }

  async listByEvent(eventId: string): Promise<WaitingListEntry[]> {
    // One event's list is short: read whole and ordered here (no composite index needed).
    const snapshot = await withCoreErrors(() => this.entries.where('eventId', '==', eventId).orderBy(FieldPath.documentId()).get());
    return inLineOrder(snapshot.docs.map(toEntry));
  }

  async listInLineForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<WaitingListEntry[]> {
    // Equality and `in` filters only, each query limited: Firestore serves them from its
    // single-field indexes, and the reads do not grow with the club's entries. The e-mail's
    // query leaves out entries joined signed in (as anyone) here, so that entries stored before
    // `memberId` existed (no such field) are found too.
    const inLine = (query: Query) => query.where('status', 'in', ['waiting', 'offered']).limit(limit).get();
    const [own, byEmail] = await withCoreErrors(() =>
      Promise.all([inLine(this.entries.where('memberId', '==', member.memberId)), inLine(this.entries.where('emailKey', '==', member.emailKey))]),
    );
    const guest = byEmail.docs.map(toEntry).filter((entry) => entry.memberId === null);
    return inLineOrder([...own.docs.map(toEntry), ...guest]);
  }

  async change(id: string, decide: (current: WaitingListEntry) => WaitingListChange | null): Promise<{ entry: WaitingListEntry; changed: boolean } | null> {
    if (!isDocumentId(id)) return null;
    const ref = this.entries.doc(id);
    return transaction(this.db, async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return null;
      const stored = toEntry(snapshot);
      const decided = decide(stored);
      if (!decided) return { entry: stored, changed: false };
      const next = checkedWaitingListChange(stored, decided.entry);
      tx.set(ref, toDocument(next));
      addToOutbox(tx, this.db, decided.mail ?? [], this.options);
      appendToAuditLog(tx, this.db, decided.audit ?? [], this.options);
      return { entry: next, changed: true };
    });
  }
}

function toDocument(entry: WaitingListEntry): DocumentData {
  return { ...entry, emailKey: entry.email.toLowerCase(), joinedAtMs: Date.parse(entry.joinedAt) };
}

function toEntry(snapshot: DocumentSnapshot): WaitingListEntry {
  const data = snapshot.data() ?? {};
  return WaitingListEntrySchema.parse({ ...data, id: snapshot.id });
}
