import { randomUUID } from 'node:crypto';
import type { CollectionReference, DocumentData, DocumentReference, Firestore, QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { runTransactionTried } from './firestore-turns';

/** How many pages of due documents one claim looks through when other runners took the first ones. */
const CLAIM_PAGES = 5;

/**
 * Claims up to `limit` documents of the collection due by `now` (their `dueAtMs`, earliest
 * first), each in a transaction that reads it again, so with several server instances on one
 * project each claim goes to one of them. A document another runner claimed first is passed
 * over and the next due ones are tried (up to CLAIM_PAGES pages), so a runner that loses races
 * still takes its share instead of none. A claim pushes the document's due time past the lease,
 * so one never settled (its runner died) comes due again. The query is on one field: no
 * composite index is needed. Answers each claimed document's data (as read) with its claim.
 */
export async function claimDueDocuments(
  db: Firestore,
  collection: CollectionReference,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<{ data: DocumentData; claim: string }[]> {
  const claimed: { data: DocumentData; claim: string }[] = [];
  let after: QueryDocumentSnapshot | undefined;
  for (let page = 0; page < CLAIM_PAGES && claimed.length < limit; page++) {
    const query = collection
      .where('dueAtMs', '<=', now.getTime())
      .orderBy('dueAtMs')
      .limit(limit - claimed.length);
    const due = await withCoreErrors(() => (after ? query.startAfter(after) : query).get());
    for (const candidate of due.docs) {
      const claim = randomUUID();
      const data = await withCoreErrors(() =>
        runTransactionTried(db, async (transaction) => {
          const current = (await transaction.get(candidate.ref)).data();
          // Another runner may have claimed it (or settled it) since the query.
          if (!current || typeof current.dueAtMs !== 'number' || current.dueAtMs > now.getTime()) return null;
          transaction.update(candidate.ref, { claim, dueAtMs: now.getTime() + leaseMs });
          return current;
        }),
      );
      if (data) claimed.push({ data, claim });
    }
    if (due.docs.length === 0) break;
    after = due.docs[due.docs.length - 1];
  }
  return claimed;
}

/** Pushes the document's due time to `until` if `claim` still holds it (a heartbeat); false otherwise. */
export function renewClaimedDocument(db: Firestore, collection: CollectionReference, id: string, claim: string, until: Date): Promise<boolean> {
  return whileClaimed(db, collection, id, claim, (transaction, ref) => transaction.update(ref, { dueAtMs: until.getTime() }));
}

/** Replaces the document with `data` (claim cleared) if `claim` still holds it; false otherwise. */
export function settleClaimedDocument(db: Firestore, collection: CollectionReference, id: string, claim: string, data: DocumentData): Promise<boolean> {
  return whileClaimed(db, collection, id, claim, (transaction, ref) => transaction.set(ref, { ...data, claim: null }));
}

/** Writes the document as `write` says, in a transaction, if `claim` still holds it; false otherwise. */
async function whileClaimed(
  db: Firestore,
  collection: CollectionReference,
  id: string,
  claim: string,
  write: (transaction: Transaction, ref: DocumentReference) => void,
): Promise<boolean> {
  if (!isDocumentId(id)) return false;
  const ref = collection.doc(id);
  return withCoreErrors(() =>
    runTransactionTried(db, async (transaction) => {
      if ((await transaction.get(ref)).data()?.claim !== claim) return false;
      write(transaction, ref);
      return true;
    }),
  );
}
