import type { DutySlot, DutyTemplate, DutyType, MemberQualification, Qualification, StaffedSlot } from './duties';
import type { DutyAssignment } from '../duty-rosters/duty-roster';

/** The duty catalogue's three kinds of record, each kept by id. */
export interface DutyCatalogueRecords {
  qualifications: Qualification;
  dutyTypes: DutyType;
  templates: DutyTemplate;
}
export type DutyCatalogueKind = keyof DutyCatalogueRecords;

/** The whole catalogue as stored: every record of each kind, ordered by name, then id. */
export type StoredDutyCatalogue = { [K in DutyCatalogueKind]: DutyCatalogueRecords[K][] };

/** One change of the catalogue: a record of a kind saved (added, or replacing the one with its id), or one deleted by id. */
export type DutyCatalogueChange =
  { [K in DutyCatalogueKind]: { kind: K; save: DutyCatalogueRecords[K] } }[DutyCatalogueKind] | { kind: DutyCatalogueKind; delete: string };

/**
 * Duty rosters (docs/duties.md): the catalogue (qualifications, duty types, templates), members'
 * qualifications, events' duty slots and who holds them. Every write refuses a record that is
 * not valid with a ValidationError.
 */
export interface DutyRepository {
  /** Every record of this kind, ordered by name (as UTF-8 bytes), then id. */
  listCatalogue<K extends DutyCatalogueKind>(kind: K): Promise<DutyCatalogueRecords[K][]>;
  /** Stores the record of this kind, replacing the one with its id. */
  saveCatalogue<K extends DutyCatalogueKind>(kind: K, record: DutyCatalogueRecords[K]): Promise<void>;
  /** Removes the record of this kind with this id; false when there was none. */
  deleteCatalogue(kind: DutyCatalogueKind, id: string): Promise<boolean>;
  /**
   * Runs `change` on the whole catalogue as stored and stores the change it answers, in one
   * atomic step: of two changes at once, the later is decided on the catalogue the earlier left
   * (docs/duties.md, Set up). `change` only computes: it may run again when another change
   * got in first, and throws to store nothing. A change that is not valid is refused with a
   * ValidationError, and nothing is stored.
   */
  changeCatalogue(change: (catalogue: StoredDutyCatalogue) => DutyCatalogueChange): Promise<void>;

  /** Members' qualifications (of one member when given), ordered by member id, then qualification id. */
  listMemberQualifications(memberId?: string): Promise<MemberQualification[]>;
  /**
   * Stores every given member qualification in one all-or-nothing write, each replacing the one
   * of its member and qualification (the editor's save, and the CSV import).
   */
  putMemberQualifications(records: readonly MemberQualification[]): Promise<void>;
  /** Removes a member's qualification; false when there was none. */
  deleteMemberQualification(memberId: string, qualificationId: string): Promise<boolean>;

  /** Stores new slots, all or none. Throws ConflictError, storing none, when a slot id exists. */
  addSlots(slots: readonly DutySlot[]): Promise<void>;
  /** The slot with its holders, or null. */
  getSlot(slotId: string): Promise<StaffedSlot | null>;
  /** An event's slots with their holders, oldest slot first (then by id); holders oldest first. */
  listSlots(eventId: string): Promise<StaffedSlot[]>;
  /** The slots of these events (unknown ids give none), as listSlots orders each event's. */
  listSlotsOfEvents(eventIds: readonly string[]): Promise<StaffedSlot[]>;
  /** Removes a slot that nobody holds; false when there was none. Throws ConflictError when a member holds it. */
  removeSlot(slotId: string): Promise<boolean>;

  /**
   * Gives the slot to the member unless the core's `assignmentRefusal` refuses it against the
   * member's record on the member list (disabled, or erased, which disables), the slot's holders
   * and the member's other duties (the slot full, the member on it already, or on another duty
   * whose window overlaps): then throws ConflictError with the rule's message and stores nothing.
   * The check and the write are one atomic step, so concurrent assignments never fill a slot past
   * `needed` nor give one member two overlapping duties, whichever slots they are for, and an
   * assignment at the moment the member is disabled either comes first (and the disable's release
   * takes it off) or is refused. Throws NotFoundError when the slot does not exist.
   */
  assign(assignment: DutyAssignment): Promise<void>;
  /** Takes the member off the slot and returns the assignment as it was, or null when they did not hold it. */
  unassign(slotId: string, memberId: string): Promise<DutyAssignment | null>;
  /** The member's duties, by start. */
  listMemberDuties(memberId: string): Promise<DutyAssignment[]>;
}
