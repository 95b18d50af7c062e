import type { MemberDutyRelease } from '../duty-rosters/duty-roster';
import type { OutboxMessage } from '../mail/mail';
import type { HouseholdPerson } from './household';
import type { HouseholdMembership } from './household-membership';
import type { Member } from './member';

/** What a member's update writes in the same atomic step as the member (MemberRepository.update). */
export interface MemberUpdateExtras {
  /** The member leaves the rosters (disabled, erased): their duties still to come are released. */
  releaseDuties?: MemberDutyRelease;
  /** Messages added to the outbox with the member (the notice of a changed e-mail), none without it. */
  mail?: readonly OutboxMessage[];
  /**
   * The member's `updatedAt` as the caller read it: the member is written only if the stored one
   * still has it (compare-and-set), else StaleWriteError and nothing is written. So a write based
   * on an older read (a member's own save, an admin's edit) never undoes one made meanwhile, such
   * as a renewal a payment applied (docs/members.md#changes-made-at-the-same-moment).
   */
  expectedUpdatedAt?: string;
}

/** A new household, written with the members who make it (an admission: MemberRepository.importMembers). */
export interface NewHousehold {
  /** Its members' places, one each, all in this household, exactly one of them its contact. */
  members: readonly HouseholdMembership[];
  /** Its dependants (each `memberId` the household's id, as HouseholdRepository keeps them). */
  people: readonly HouseholdPerson[];
}

/** What an import writes in the same all-or-nothing write as the members (MemberRepository.importMembers). */
export interface MemberImportExtras {
  /** A new household of members given (docs/members-households.md): its places and dependants. */
  household?: NewHousehold;
}

/** The club's member list (docs/members.md). Every write refuses a member that is not valid with a ValidationError. */
export interface MemberRepository {
  /** The member with this id, or null. */
  get(id: string): Promise<Member | null>;
  /** The member with this e-mail (compared case-insensitively), or null. */
  getByEmail(email: string): Promise<Member | null>;
  /**
   * The stored members with any of these ids, each once, in no given order (an unknown id is left
   * out): one read of storage, or a few for a long list, however many ids (docs/members.md#reads).
   */
  getMany(ids: readonly string[]): Promise<Member[]>;
  /**
   * The stored members holding any of these e-mails (compared case-insensitively), each once, in
   * no given order: one read of storage, or a few for a long list, however many e-mails.
   */
  getManyByEmail(emails: readonly string[]): Promise<Member[]>;
  /** Every member, ordered by name, then e-mail (lower-cased), both as UTF-8 bytes. */
  list(): Promise<Member[]>;
  /** Stores a new member. Throws ConflictError if the id or the e-mail exists. */
  create(member: Member): Promise<void>;
  /**
   * Replaces a stored member. Throws NotFoundError if the id does not exist, ConflictError if another member has the e-mail,
   * StaleWriteError if `also.expectedUpdatedAt` is given and the stored member's differs.
   * With `also.releaseDuties`, in the same atomic step: the member's duties as stored then that are
   * not over at its `from` (the core's dutiesReleasedOnLeaving) are taken off their slots and off
   * the member's duties, and the messages its `mail` makes of them are added to the outbox; a
   * message id already in the outbox throws ConflictError and writes nothing, the member neither.
   * The duties are read in the write's atomic step: one assigned before it commits is released too.
   * With `also.mail`, its messages are added to the outbox in the same atomic step (an id already
   * there throws ConflictError and writes nothing).
   */
  update(member: Member, also?: MemberUpdateExtras): Promise<void>;
  /**
   * Stores every given member in one all-or-nothing write (the CSV import): each replaces the
   * stored member with its id, or is added. Throws ConflictError, storing none of them, if two
   * members would then share an e-mail (between themselves or with a member not given).
   * With `also.household`, in the same write: the new household's members' places and its
   * dependants, as HouseholdRepository then reads them; ConflictError, and nothing stored (no
   * member either), if the household exists already, one of its members is in a household, or a
   * dependant's id is taken.
   */
  importMembers(members: readonly Member[], also?: MemberImportExtras): Promise<void>;
}
