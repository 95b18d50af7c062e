import type { DocumentSnapshot } from 'firebase-admin/firestore';
import {
  assignmentRefusal,
  DUTY_MESSAGES,
  MemberQualificationSchema,
  type DutySlot,
  type MemberQualification,
  type StaffedSlot,
} from '../../core/duties/duties';
import { DutyAssignmentSchema, type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import type { DutyCatalogueChange, DutyCatalogueKind, DutyCatalogueRecords, DutyRepository, StoredDutyCatalogue } from '../../core/duties/duty-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import {
  byMemberThenQualification,
  byNameThenId,
  bySlotAge,
  byStart,
  CATALOGUE_SCHEMAS,
  DUTY_KINDS,
  staffed,
  storedCatalogue,
  validAssignment,
  validCatalogueChange,
  validCatalogueRecord,
  validKind,
  validMemberQualification,
  validSlot,
  StoredSlotSchema,
} from '../duty-records';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { deleteIfExists } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';
import { inTurn, runTransactionTried, transactionInTurn } from './firestore-turns';

const SLOT_TAKEN = 'A duty slot with this id already exists';
/** The catalogue's version document (kind 'version', never listed as a record): every change reads and writes it. */
const CATALOGUE_VERSION = 'catalogue:version';
/** Firestore's `in` queries take at most 30 values. */
const IN_LIMIT = 30;

/**
 * Duty rosters (ADR 0039). `dutyCatalogue` holds qualifications, duty types and templates (id
 * `kind:id`), `memberQualifications` one document per member and qualification, `dutySlots` one
 * per slot with its holders as an array, `dutyMembers` one per member with their duties.
 *
 * Assigning is one transaction that reads the slot and the member's duty document and writes
 * both: two assignments to one slot both read and write the slot, two of one member both read
 * and write the member's document, so either way the later one is decided again on fresh reads
 * and neither the slot's `needed` nor the one-duty-at-a-time rule is ever broken. Instants here
 * are ISO text (compared after reading, never queried).
 */
export class FirestoreDutyRepository extends FirestoreCollectionAdapter implements DutyRepository {
  protected readonly collectionName = 'dutyCatalogue';

  private get qualifications() {
    return collectionOf(this.db, 'memberQualifications', this.options);
  }

  private get slots() {
    return collectionOf(this.db, 'dutySlots', this.options);
  }

  private get members() {
    return collectionOf(this.db, 'dutyMembers', this.options);
  }

  async listCatalogue<K extends DutyCatalogueKind>(kind: K): Promise<DutyCatalogueRecords[K][]> {
    const snapshot = await withCoreErrors(() => this.collection.where('kind', '==', validKind(kind)).get());
    return snapshot.docs.map((doc) => CATALOGUE_SCHEMAS[kind].parse(doc.get('record')) as DutyCatalogueRecords[K]).sort(byNameThenId);
  }

  async saveCatalogue<K extends DutyCatalogueKind>(kind: K, record: DutyCatalogueRecords[K]): Promise<void> {
    const valid = validCatalogueRecord(kind, record);
    await withCoreErrors(() => this.collection.doc(`${kind}:${valid.id}`).set({ kind, record: valid }));
  }

  async deleteCatalogue(kind: DutyCatalogueKind, id: string): Promise<boolean> {
    const docId = `${validKind(kind)}:${id}`;
    if (typeof id !== 'string' || !isDocumentId(docId)) return false;
    const ref = this.collection.doc(docId);
    return deleteIfExists(this.db, ref);
  }

  /**
   * One transaction that reads the catalogue's version document and every record, and writes the
   * version with the change: two changes at once, in any processes, both read and write that
   * document, so the later is decided again on the catalogue the earlier left.
   */
  async changeCatalogue(change: (catalogue: StoredDutyCatalogue) => DutyCatalogueChange): Promise<void> {
    const version = this.collection.doc(CATALOGUE_VERSION);
    await transactionInTurn(this.db, version.path, async (tx) => {
      const [versionSnapshot, records] = await Promise.all([tx.get(version), tx.get(this.collection.where('kind', 'in', [...DUTY_KINDS]))]);
      const valid = validCatalogueChange(change(storedCatalogue(records.docs.map((doc) => ({ kind: doc.get('kind') as string, record: doc.get('record') })))));
      tx.set(version, { kind: 'version', version: Number(versionSnapshot.get('version') ?? 0) + 1 });
      if ('save' in valid) tx.set(this.collection.doc(`${valid.kind}:${valid.save.id}`), { kind: valid.kind, record: valid.save });
      else if (isDocumentId(`${valid.kind}:${valid.delete}`)) tx.delete(this.collection.doc(`${valid.kind}:${valid.delete}`));
    });
  }

  async listMemberQualifications(memberId?: string): Promise<MemberQualification[]> {
    if (memberId !== undefined && typeof memberId !== 'string') return [];
    const query = memberId === undefined ? this.qualifications : this.qualifications.where('memberId', '==', memberId);
    const snapshot = await withCoreErrors(() => query.get());
    return snapshot.docs.map((doc) => MemberQualificationSchema.parse(doc.data())).sort(byMemberThenQualification);
  }

  async putMemberQualifications(records: readonly MemberQualification[]): Promise<void> {
    const valid = records.map(validMemberQualification);
    if (valid.length === 0) return;
    // One batch: all of them or none (the CSV import's promise).
    const batch = this.db.batch();
    for (const record of valid) batch.set(this.qualifications.doc(`${record.memberId}:${record.qualificationId}`), record);
    await withCoreErrors(() => batch.commit());
  }

  async deleteMemberQualification(memberId: string, qualificationId: string): Promise<boolean> {
    if (typeof memberId !== 'string' || typeof qualificationId !== 'string') return false;
    const docId = `${memberId}:${qualificationId}`;
    if (!isDocumentId(docId)) return false;
    const ref = this.qualifications.doc(docId);
    return deleteIfExists(this.db, ref);
  }

  async addSlots(slots: readonly DutySlot[]): Promise<void> {
    const valid = slots.map(validSlot);
    if (valid.length === 0) return;
    if (new Set(valid.map((slot) => slot.id)).size !== valid.length) throw new ConflictError(SLOT_TAKEN);
    const batch = this.db.batch();
    for (const slot of valid) batch.create(this.slots.doc(slot.id), { ...slot, holders: [] });
    await withCoreErrors(() => batch.commit(), { conflict: SLOT_TAKEN });
  }

  async getSlot(slotId: string): Promise<StaffedSlot | null> {
    if (typeof slotId !== 'string' || !isDocumentId(slotId)) return null;
    const snapshot = await withCoreErrors(() => this.slots.doc(slotId).get());
    return snapshot.exists ? toSlot(snapshot) : null;
  }

  async listSlots(eventId: string): Promise<StaffedSlot[]> {
    return this.listSlotsOfEvents([eventId]);
  }

  async listSlotsOfEvents(eventIds: readonly string[]): Promise<StaffedSlot[]> {
    const ids = [...new Set(eventIds.filter((id) => typeof id === 'string'))];
    const found: StaffedSlot[] = [];
    for (let i = 0; i < ids.length; i += IN_LIMIT) {
      const chunk = ids.slice(i, i + IN_LIMIT);
      const snapshot = await withCoreErrors(() => this.slots.where('eventId', 'in', chunk).get());
      found.push(...snapshot.docs.map(toSlot));
    }
    return eventIds.flatMap((id) => found.filter((slot) => slot.eventId === id).sort(bySlotAge));
  }

  async removeSlot(slotId: string): Promise<boolean> {
    if (typeof slotId !== 'string' || !isDocumentId(slotId)) return false;
    const ref = this.slots.doc(slotId);
    return inTurn(this.db, ref.path, () =>
      withCoreErrors(() =>
        runTransactionTried(this.db, async (tx) => {
          const snapshot = await tx.get(ref);
          if (!snapshot.exists) return false;
          if (toSlot(snapshot).holders.length > 0) throw new ConflictError('Take its members off this duty first');
          tx.delete(ref);
          return true;
        }),
      ),
    );
  }

  async assign(assignment: DutyAssignment): Promise<void> {
    const valid = validAssignment(assignment);
    if (!isDocumentId(valid.slotId)) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
    const slotRef = this.slots.doc(valid.slotId);
    const memberRef = this.members.doc(valid.memberId);
    const listedRef = collectionOf(this.db, 'members', this.options).doc(valid.memberId);
    // In turn within this process (Firestore's transactions lock what they read: twenty at once
    // on one slot would wait on each other's locks); the transaction keeps processes apart.
    await transactionInTurn(this.db, slotRef.path, async (tx) => {
      // The member's record too: a disable committed meanwhile (it writes that document) retries this transaction.
      const [slotSnapshot, memberSnapshot, listedSnapshot] = await tx.getAll(slotRef, memberRef, listedRef);
      if (!slotSnapshot.exists) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
      const slot = toSlot(slotSnapshot);
      const duties = memberDuties(memberSnapshot);
      const refusal = assignmentRefusal(slot, duties, valid, listedSnapshot.exists ? { disabled: listedSnapshot.get('disabled') === true } : null);
      if (refusal) throw new ConflictError(refusal);
      const held = { ...valid, eventId: slot.eventId };
      tx.update(slotRef, { holders: [...slot.holders, held] });
      tx.set(memberRef, { duties: [...duties, held] });
    });
  }

  async unassign(slotId: string, memberId: string): Promise<DutyAssignment | null> {
    if (typeof slotId !== 'string' || typeof memberId !== 'string' || !isDocumentId(slotId) || !isDocumentId(memberId)) return null;
    const slotRef = this.slots.doc(slotId);
    const memberRef = this.members.doc(memberId);
    return transactionInTurn(this.db, slotRef.path, async (tx) => {
      const [slotSnapshot, memberSnapshot] = await tx.getAll(slotRef, memberRef);
      if (!slotSnapshot.exists) return null;
      const slot = toSlot(slotSnapshot);
      const held = slot.holders.find((holder) => holder.memberId === memberId);
      if (!held) return null;
      tx.update(slotRef, { holders: slot.holders.filter((holder) => holder !== held) });
      tx.set(memberRef, { duties: memberDuties(memberSnapshot).filter((duty) => duty.slotId !== slotId) });
      return held;
    });
  }

  async listMemberDuties(memberId: string): Promise<DutyAssignment[]> {
    if (typeof memberId !== 'string' || !isDocumentId(memberId)) return [];
    const snapshot = await withCoreErrors(() => this.members.doc(memberId).get());
    return memberDuties(snapshot).sort(byStart);
  }
}

/** A slot document read back (FirestoreDutySwapRepository reads them too). */
export function toSlot(snapshot: DocumentSnapshot): StaffedSlot {
  const data = snapshot.data() ?? {};
  const slot = StoredSlotSchema.parse({ ...data, id: snapshot.id });
  const holders = ((data.holders as unknown[] | undefined) ?? []).map((holder) => DutyAssignmentSchema.parse(holder));
  return staffed({ ...slot, holders });
}

/** The duties in a member's duty document (none when it does not exist). */
export function memberDuties(snapshot: DocumentSnapshot): DutyAssignment[] {
  if (!snapshot.exists) return [];
  return ((snapshot.get('duties') as unknown[] | undefined) ?? []).map((duty) => DutyAssignmentSchema.parse(duty));
}
