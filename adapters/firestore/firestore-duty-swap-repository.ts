import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { DUTY_MESSAGES } from '../../core/duties/duties';
import { type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import { DutySwapSchema, SWAP_MESSAGES, swapAcceptRefusal, type DutySwap } from '../../core/duties/duty-swaps';
import type { DutySwapRepository } from '../../core/duties/duty-swap-repository.port';
import type { OutboxMessage } from '../../core/mail/mail';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { validAssignment } from '../duty-records';
import { SWAP_TAKEN_ID, takenSwap, validSwap } from '../duty-swap-records';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { memberDuties, toSlot } from './firestore-duty-repository';
import { withCoreErrors } from './firestore-errors';
import { addToOutbox, outboxNotStored } from './firestore-outbox';
import { transaction } from './firestore-turns';

/**
 * Duty swap requests in `dutySwaps`, one document per request. Accepting is one transaction that
 * reads the swap, its slot and both members' duty documents (FirestoreDutyRepository's) and
 * writes all four: two members accepting one swap both read and write the swap, so the later is
 * decided again on fresh reads and finds it taken.
 */
export class FirestoreDutySwapRepository extends FirestoreCollectionAdapter implements DutySwapRepository {
  protected readonly collectionName = 'dutySwaps';

  async create(swap: DutySwap, mail: readonly OutboxMessage[] = []): Promise<void> {
    const valid = validSwap(swap);
    if (!isDocumentId(valid.id)) throw new ConflictError(SWAP_TAKEN_ID);
    const ref = this.collection.doc(valid.id);
    await transaction(this.db, async (tx) => {
      const open = await tx.get(
        this.collection.where('fromMemberId', '==', valid.fromMemberId).where('slotId', '==', valid.slotId).where('status', '==', 'open'),
      );
      if (!open.empty) throw new ConflictError(SWAP_MESSAGES.alreadyAsked);
      if ((await tx.get(ref)).exists) throw new ConflictError(SWAP_TAKEN_ID);
      const fresh = await outboxNotStored(tx, this.db, mail, this.options);
      tx.set(ref, valid);
      addToOutbox(tx, this.db, fresh, this.options);
    });
  }

  async get(id: string): Promise<DutySwap | null> {
    if (typeof id !== 'string' || !isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? toSwap(snapshot) : null;
  }

  async listOpenOf(fromMemberId: string): Promise<DutySwap[]> {
    if (typeof fromMemberId !== 'string') return [];
    const snapshot = await withCoreErrors(() => this.collection.where('fromMemberId', '==', fromMemberId).where('status', '==', 'open').get());
    return snapshot.docs.map(toSwap).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async accept(swapId: string, assignment: DutyAssignment, mail: readonly OutboxMessage[] = []): Promise<DutySwap> {
    const valid = validAssignment(assignment);
    if (typeof swapId !== 'string' || !isDocumentId(swapId) || !isDocumentId(valid.memberId)) throw new NotFoundError(SWAP_MESSAGES.notFound);
    const swapRef = this.collection.doc(swapId);
    const members = collectionOf(this.db, 'dutyMembers', this.options);
    const slots = collectionOf(this.db, 'dutySlots', this.options);
    return transaction(this.db, async (tx) => {
      const swapSnapshot = await tx.get(swapRef);
      if (!swapSnapshot.exists) throw new NotFoundError(SWAP_MESSAGES.notFound);
      const swap = toSwap(swapSnapshot);
      const slotRef = slots.doc(swap.slotId);
      const fromRef = members.doc(swap.fromMemberId);
      const takerRef = members.doc(valid.memberId);
      const listedRef = collectionOf(this.db, 'members', this.options).doc(valid.memberId);
      const [slotSnapshot, fromSnapshot, takerSnapshot, listedSnapshot] = await tx.getAll(slotRef, fromRef, takerRef, listedRef);
      if (!slotSnapshot.exists) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
      const slot = toSlot(slotSnapshot);
      const takerDuties = memberDuties(takerSnapshot);
      const refusal = swapAcceptRefusal(
        swap,
        slot,
        takerDuties,
        valid.memberId,
        listedSnapshot.exists ? { disabled: listedSnapshot.get('disabled') === true } : null,
      );
      if (refusal) throw new ConflictError(refusal);
      const taken = takenSwap(swap, valid.memberId, valid.assignedAt);
      const fresh = await outboxNotStored(tx, this.db, mail, this.options);
      const held: DutyAssignment = { ...valid, slotId: swap.slotId, eventId: swap.eventId };
      tx.set(swapRef, taken);
      tx.update(slotRef, { holders: [...slot.holders.filter((holder) => holder.memberId !== swap.fromMemberId), held] });
      tx.set(fromRef, { duties: memberDuties(fromSnapshot).filter((duty) => duty.slotId !== swap.slotId) });
      tx.set(takerRef, { duties: [...takerDuties, held] });
      addToOutbox(tx, this.db, fresh, this.options);
      return taken;
    });
  }

  async withdraw(swapId: string): Promise<DutySwap | null> {
    if (typeof swapId !== 'string' || !isDocumentId(swapId)) return null;
    const ref = this.collection.doc(swapId);
    return transaction(this.db, async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return null;
      const swap = toSwap(snapshot);
      if (swap.status !== 'open') return null;
      const withdrawn: DutySwap = { ...swap, status: 'withdrawn' };
      tx.set(ref, withdrawn);
      return withdrawn;
    });
  }
}

function toSwap(snapshot: DocumentSnapshot): DutySwap {
  return DutySwapSchema.parse({ ...snapshot.data(), id: snapshot.id });
}
