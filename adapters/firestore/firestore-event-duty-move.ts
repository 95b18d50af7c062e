import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { DutyAssignmentSchema, type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import { dutyMoveRefusal, movedHolders } from '../../core/duties/event-move-duties';
import { type DutyMove } from '../../core/duty-rosters/duty-roster';
import { ConflictError } from '../../core/shared/errors';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';

const holdersOf = (snapshot: DocumentSnapshot, field: 'holders' | 'duties'): DutyAssignment[] =>
  snapshot.exists ? ((snapshot.get(field) as unknown[] | undefined) ?? []).map((held) => DutyAssignmentSchema.parse(held)) : [];

/**
 * A moved event's duties (EventRepository.update's `also.duties`) in the event's transaction
 * (ADR 0045): reads the event's slot documents and each holder's duty document (ADR 0039) — so an
 * assignment to one of its slots, or of one of its holders elsewhere, made meanwhile retries one
 * of the two transactions — checks the move with the core's rule (ConflictError when refused),
 * and answers the writes, to run after every read of the transaction: the released holders off
 * both documents, the others at the new window on both.
 */
export async function readEventDutyMove(transaction: Transaction, db: Firestore, options: FirestoreCollectionOptions, move: DutyMove): Promise<() => void> {
  const members = collectionOf(db, 'dutyMembers', options);
  const slots = (await transaction.get(collectionOf(db, 'dutySlots', options).where('eventId', '==', move.eventId))).docs.map((doc) => ({
    ref: doc.ref,
    holders: holdersOf(doc, 'holders'),
  }));
  const current = slots.flatMap((slot) => slot.holders);
  const memberIds = [...new Set(current.map((holder) => holder.memberId))];
  const memberDocs = memberIds.length > 0 ? await transaction.getAll(...memberIds.map((id) => members.doc(id))) : [];
  const duties = new Map(memberIds.map((id, i) => [id, holdersOf(memberDocs[i]!, 'duties')]));
  const refusal = dutyMoveRefusal(move, current, (memberId) => duties.get(memberId) ?? []);
  if (refusal) throw new ConflictError(refusal);
  return () => {
    for (const slot of slots) if (slot.holders.length > 0) transaction.update(slot.ref, { holders: movedHolders(slot.holders, move) });
    for (const [memberId, held] of duties) {
      const others = held.filter((duty) => duty.eventId !== move.eventId);
      transaction.set(members.doc(memberId), {
        duties: [
          ...others,
          ...movedHolders(
            held.filter((duty) => duty.eventId === move.eventId),
            move,
          ),
        ],
      });
    }
  };
}
