import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { DutyAssignmentSchema, type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import { dutiesReleasedOnLeaving } from '../../core/duties/member-duty-release';
import { type MemberDutyRelease } from '../../core/duty-rosters/duty-roster';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { addToOutbox } from './firestore-outbox';

const heldIn = (snapshot: DocumentSnapshot, field: 'holders' | 'duties'): DutyAssignment[] =>
  snapshot.exists ? ((snapshot.get(field) as unknown[] | undefined) ?? []).map((held) => DutyAssignmentSchema.parse(held)) : [];

/**
 * A leaving member's duties (MemberRepository.update's `also.releaseDuties`) in the member's
 * transaction: reads the member's duty document and the slot documents of the duties to release
 * (ADR 0039), so an assignment of the member made meanwhile retries one of the two transactions,
 * and answers the writes, to run after every read of the transaction: the released duties off
 * their slots and off the member's document, and the e-mails about them (create() fails the
 * commit on an outbox id already taken).
 */
export async function readMemberDutyRelease(
  transaction: Transaction,
  db: Firestore,
  options: FirestoreCollectionOptions,
  memberId: string,
  release: MemberDutyRelease,
): Promise<() => void> {
  const memberRef = collectionOf(db, 'dutyMembers', options).doc(memberId);
  const held = heldIn(await transaction.get(memberRef), 'duties');
  const released = dutiesReleasedOnLeaving(held, release.from);
  const slotIds = [...new Set(released.map((duty) => duty.slotId))];
  const slotRefs = slotIds.map((id) => collectionOf(db, 'dutySlots', options).doc(id));
  const slots = slotRefs.length > 0 ? await transaction.getAll(...slotRefs) : [];
  const mail = release.mail(released);
  return () => {
    if (released.length > 0) {
      slots.forEach((slot, i) => {
        if (slot.exists) transaction.update(slotRefs[i]!, { holders: heldIn(slot, 'holders').filter((holder) => holder.memberId !== memberId) });
      });
      transaction.set(memberRef, { duties: held.filter((duty) => !released.includes(duty)) });
    }
    addToOutbox(transaction, db, mail, options);
  };
}
