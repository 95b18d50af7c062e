import type { MemberCalendarFeedRepository } from '../../core/my-club/member-calendar-feed-repository.port';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';

/**
 * The members' feed secrets in `memberCalendarFeeds`: one document per member (keyed by the
 * member's id) holding `secret` and `createdAt`. A feed's request finds its member by an equality
 * query on `secret` (its single-field index): one read however large the club. A reset writes the
 * one document, so the old secret matches nothing from that write on.
 */
export class FirestoreMemberCalendarFeedRepository extends FirestoreCollectionAdapter implements MemberCalendarFeedRepository {
  protected readonly collectionName = 'memberCalendarFeeds';

  async secretOf(memberId: string): Promise<string | null> {
    if (!isDocumentId(memberId)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(memberId).get());
    const secret: unknown = snapshot.get('secret');
    return typeof secret === 'string' ? secret : null;
  }

  async memberOf(secret: string): Promise<string | null> {
    if (typeof secret !== 'string' || secret === '') return null;
    const snapshot = await withCoreErrors(() => this.collection.where('secret', '==', secret).limit(1).get());
    return snapshot.docs[0]?.id ?? null;
  }

  async replace(memberId: string, secret: string, at: Date): Promise<void> {
    if (!isDocumentId(memberId)) throw new Error('A member id may not contain a slash or be reserved by Firestore');
    await withCoreErrors(() => this.collection.doc(memberId).set({ secret, createdAt: at.toISOString() }));
  }
}
