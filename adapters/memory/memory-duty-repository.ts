import { dutiesReleasedOnLeaving } from '../../core/duties/member-duty-release';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { assignmentRefusal, DUTY_MESSAGES, type DutySlot, type MemberQualification, type StaffedSlot } from '../../core/duties/duties';
import { type DutyAssignment } from '../../core/duty-rosters/duty-roster';
import { dutyMoveRefusal, movedHolders } from '../../core/duties/event-move-duties';
import { type DutyMove } from '../../core/duty-rosters/duty-roster';
import type { DutyCatalogueChange, DutyCatalogueKind, DutyCatalogueRecords, DutyRepository, StoredDutyCatalogue } from '../../core/duties/duty-repository.port';
import {
  byMemberThenQualification,
  byNameThenId,
  bySlotAge,
  byStart,
  staffed,
  validAssignment,
  DUTY_KINDS,
  storedCatalogue,
  validCatalogueChange,
  validCatalogueRecord,
  validKind,
  validMemberQualification,
  validSlot,
} from '../duty-records';

/** Duty rosters in memory (tests, and the contract's reference). */
export class MemoryDutyRepository implements DutyRepository {
  private readonly catalogue: { [K in DutyCatalogueKind]: Map<string, DutyCatalogueRecords[K]> } = {
    qualifications: new Map(),
    dutyTypes: new Map(),
    templates: new Map(),
  };
  private readonly memberQualifications = new Map<string, MemberQualification>();
  private readonly slots = new Map<string, StaffedSlot>();
  /** The member list's record of a member (its `disabled`), where the store has one: see listedMembers. */
  private listed: (memberId: string) => { disabled: boolean } | null = () => null;

  /** The same store's member list, read by assign as SQLite and Firestore read theirs (MemoryMemberRepository sets it). */
  listedMembers(lookup: (memberId: string) => { disabled: boolean } | null): void {
    this.listed = lookup;
  }

  async listCatalogue<K extends DutyCatalogueKind>(kind: K): Promise<DutyCatalogueRecords[K][]> {
    const records = [...(this.catalogue[validKind(kind)] as Map<string, DutyCatalogueRecords[K]>).values()];
    return records.sort(byNameThenId).map((record) => structuredClone(record));
  }

  async saveCatalogue<K extends DutyCatalogueKind>(kind: K, record: DutyCatalogueRecords[K]): Promise<void> {
    const valid = validCatalogueRecord(kind, record);
    (this.catalogue[kind] as Map<string, DutyCatalogueRecords[K]>).set(valid.id, structuredClone(valid));
  }

  async deleteCatalogue(kind: DutyCatalogueKind, id: string): Promise<boolean> {
    return this.catalogue[validKind(kind)].delete(id);
  }

  async changeCatalogue(change: (catalogue: StoredDutyCatalogue) => DutyCatalogueChange): Promise<void> {
    // One step, with no await between reading and writing: nothing else runs in between.
    const stored = DUTY_KINDS.flatMap((kind) => [...this.catalogue[kind].values()].map((record) => ({ kind, record: structuredClone(record) })));
    const valid = validCatalogueChange(change(storedCatalogue(stored)));
    if ('save' in valid) (this.catalogue[valid.kind] as Map<string, DutyCatalogueRecords[typeof valid.kind]>).set(valid.save.id, structuredClone(valid.save));
    else this.catalogue[valid.kind].delete(valid.delete);
  }

  async listMemberQualifications(memberId?: string): Promise<MemberQualification[]> {
    return [...this.memberQualifications.values()]
      .filter((record) => memberId === undefined || record.memberId === memberId)
      .sort(byMemberThenQualification)
      .map((record) => ({ ...record }));
  }

  async putMemberQualifications(records: readonly MemberQualification[]): Promise<void> {
    const valid = records.map(validMemberQualification);
    for (const record of valid) this.memberQualifications.set(key(record.memberId, record.qualificationId), { ...record });
  }

  async deleteMemberQualification(memberId: string, qualificationId: string): Promise<boolean> {
    return this.memberQualifications.delete(key(memberId, qualificationId));
  }

  async addSlots(slots: readonly DutySlot[]): Promise<void> {
    const valid = slots.map(validSlot);
    const ids = new Set<string>();
    for (const slot of valid) {
      if (this.slots.has(slot.id) || ids.has(slot.id)) throw new ConflictError('A duty slot with this id already exists');
      ids.add(slot.id);
    }
    for (const slot of valid) this.slots.set(slot.id, { ...slot, holders: [] });
  }

  async getSlot(slotId: string): Promise<StaffedSlot | null> {
    const slot = this.slots.get(slotId);
    return slot ? staffed(structuredClone(slot)) : null;
  }

  async listSlots(eventId: string): Promise<StaffedSlot[]> {
    return this.listSlotsOfEvents([eventId]);
  }

  async listSlotsOfEvents(eventIds: readonly string[]): Promise<StaffedSlot[]> {
    const wanted = new Set(eventIds);
    const slots = [...this.slots.values()].filter((slot) => wanted.has(slot.eventId));
    return eventIds.flatMap((eventId) => slots.filter((slot) => slot.eventId === eventId).sort(bySlotAge)).map((slot) => staffed(structuredClone(slot)));
  }

  async removeSlot(slotId: string): Promise<boolean> {
    const slot = this.slots.get(slotId);
    if (!slot) return false;
    if (slot.holders.length > 0) throw new ConflictError('Take its members off this duty first');
    return this.slots.delete(slotId);
  }

  async assign(assignment: DutyAssignment): Promise<void> {
    const valid = validAssignment(assignment);
    const slot = this.slots.get(valid.slotId);
    if (!slot) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
    const refusal = assignmentRefusal(slot, this.duties(valid.memberId), valid, this.listed(valid.memberId));
    if (refusal) throw new ConflictError(refusal);
    slot.holders.push({ ...structuredClone(valid), eventId: slot.eventId });
  }

  async unassign(slotId: string, memberId: string): Promise<DutyAssignment | null> {
    const slot = this.slots.get(slotId);
    const held = slot?.holders.find((holder) => holder.memberId === memberId);
    if (!slot || !held) return null;
    slot.holders = slot.holders.filter((holder) => holder !== held);
    return structuredClone(held);
  }

  async listMemberDuties(memberId: string): Promise<DutyAssignment[]> {
    return this.duties(memberId)
      .sort(byStart)
      .map((duty) => structuredClone(duty));
  }

  /**
   * An event's move (EventRepository.update's `also.duties`): checks it against the roster now
   * (ConflictError when refused, nothing changed) and answers the write, for the event's
   * repository to run in the same step as the event's.
   */
  prepareEventMove(move: DutyMove): () => void {
    const slots = [...this.slots.values()].filter((slot) => slot.eventId === move.eventId);
    const refusal = dutyMoveRefusal(
      move,
      slots.flatMap((slot) => slot.holders),
      (memberId) => this.duties(memberId),
    );
    if (refusal) throw new ConflictError(refusal);
    return () => {
      for (const slot of slots) slot.holders = movedHolders(slot.holders, move);
    };
  }

  /**
   * A leaving member's release (MemberRepository.update's `also.releaseDuties`): the duties the
   * core's rule releases now, and the write taking them off their slots, for the member's
   * repository to run in the same step as the member's.
   */
  prepareMemberRelease(memberId: string, from: Date): { released: DutyAssignment[]; write(): void } {
    const released = dutiesReleasedOnLeaving(this.duties(memberId), from).sort(byStart);
    return {
      released: released.map((duty) => structuredClone(duty)),
      write: () => {
        for (const slot of this.slots.values()) slot.holders = slot.holders.filter((holder) => !released.includes(holder));
      },
    };
  }

  private duties(memberId: string): DutyAssignment[] {
    return [...this.slots.values()].flatMap((slot) => slot.holders.filter((holder) => holder.memberId === memberId));
  }
}

function key(memberId: string, qualificationId: string): string {
  return `${memberId}\u0000${qualificationId}`;
}
