import { FieldValue, type DocumentData, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { HouseholdPersonSchema, type HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import type { NewHousehold } from '../../core/members/member-repository.port';
import {
  invitationEmail,
  byHouseholdThenJoinOrder,
  byJoinOrder,
  HouseholdInvitationSchema,
  HouseholdMembershipSchema,
  joinRefusal,
  sameInvitee,
  leaveRefusal,
  withContact,
  withMemberJoined,
  withMemberLeft,
  type CurrentHousehold,
  type HouseholdInvitation,
  type HouseholdMembership,
  type JoinOutcome,
  type LeaveOutcome,
} from '../../core/members/household-membership';
import { ConflictError, NotFoundError, ValidationError } from '../../core/shared/errors';
import { byHouseholdOrder, byInvitationOrder, validHouseholdInvitation, validHouseholdPerson } from '../stored-records';
import { backfillMissingFields } from './firestore-backfill';
import { collectionOf, FirestoreCollectionAdapter, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { deleteIfExists } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';
import { transaction, transactionInTurn } from './firestore-turns';

/** A person as the household's document holds them: the household is the document's id. */
type StoredPerson = Omit<HouseholdPerson, 'memberId'>;
type StoredMember = Omit<HouseholdMembership, 'householdId'>;

/**
 * Households in the `households` collection: one document per household (keyed by its id; for a
 * household from before several members, its contact's member id) holding its people (`people`)
 * and its members (`members`, one of them the contact). `householdMembers/{memberId}` says which
 * household a member is in (`householdId`): one document per member, so a member is in one
 * household at most, and two joins for one member conflict on it. The contacts' invitations are in
 * `householdInvitations/{id}`. A household is a dozen people and a few members at most, so
 * reading one is one document read however large the club, and each change is one transaction.
 */
export class FirestoreHouseholdRepository extends FirestoreCollectionAdapter implements HouseholdRepository {
  protected readonly collectionName = 'households';

  async listForMember(memberId: string): Promise<HouseholdPerson[]> {
    if (!isMemberId(memberId)) return [];
    const snapshot = await withCoreErrors(() => this.collection.doc(memberId).get());
    return peopleOf(snapshot.data(), memberId);
  }

  async add(person: HouseholdPerson, max: number): Promise<{ added: boolean }> {
    const valid = validHouseholdPerson(person);
    return this.change<{ added: boolean }>(valid.memberId, (people) => {
      if (people.some((p) => p.id === valid.id)) throw new ConflictError('A household person with this id already exists');
      if (people.length >= max) return { result: { added: false } };
      return { result: { added: true }, people: [...people, valid] };
    });
  }

  async update(person: HouseholdPerson): Promise<void> {
    const valid = validHouseholdPerson(person);
    await this.change(valid.memberId, (people) => {
      const stored = people.find((p) => p.id === valid.id);
      if (!stored) throw new NotFoundError('Household person not found');
      const changed = { ...stored, name: valid.name, kind: valid.kind, yearOfBirth: valid.yearOfBirth, updatedAt: valid.updatedAt };
      return { result: undefined, people: people.map((p) => (p.id === valid.id ? changed : p)) };
    });
  }

  async remove(memberId: string, personId: string): Promise<boolean> {
    if (!isMemberId(memberId) || typeof personId !== 'string') return false;
    return this.change<boolean>(memberId, (people) => {
      const kept = people.filter((p) => p.id !== personId);
      return kept.length === people.length ? { result: false } : { result: true, people: kept };
    });
  }

  async membershipOf(memberId: string): Promise<HouseholdMembership | null> {
    if (!isMemberId(memberId)) return null;
    const lookup = await withCoreErrors(() => this.lookups.doc(memberId).get());
    const householdId: unknown = lookup.get('householdId');
    if (typeof householdId !== 'string') return null;
    const household = await withCoreErrors(() => this.collection.doc(householdId).get());
    return membersOf(household.data(), householdId).find((m) => m.memberId === memberId) ?? null;
  }

  async membersOf(householdId: string): Promise<HouseholdMembership[]> {
    if (!isMemberId(householdId)) return [];
    const snapshot = await withCoreErrors(() => this.collection.doc(householdId).get());
    return membersOf(snapshot.data(), householdId);
  }

  async listMemberships(): Promise<HouseholdMembership[]> {
    const snapshot = await withCoreErrors(() => this.collection.get());
    return snapshot.docs.flatMap((doc) => membersOf(doc.data(), doc.id)).sort(byHouseholdThenJoinOrder);
  }

  async join(input: { householdId: string; memberId: string; at: string; invitationId?: string }, max: number): Promise<JoinOutcome | 'no-invitation'> {
    const { householdId, memberId, at, invitationId } = input;
    if (!isMemberId(householdId) || !isMemberId(memberId)) return invitationId === undefined ? 'full' : 'no-invitation';
    if (invitationId !== undefined && !isMemberId(invitationId)) return 'no-invitation';
    // One transaction reads the member's lookup document, both households and the invitation and
    // writes them all: two joins for one member both read and write its lookup, so one of them
    // is decided again on fresh reads and finds the member in a household.
    return transactionInTurn(this.db, `household-member:${memberId}`, async (tx) => {
      const invitationRef = invitationId === undefined ? null : this.invitations.doc(invitationId);
      const invitation = invitationRef ? await tx.get(invitationRef) : null;
      if (invitation && (!invitation.exists || invitation.get('memberId') !== memberId || invitation.get('householdId') !== householdId))
        return 'no-invitation';
      const current = await this.currentIn(tx, memberId);
      const targetRef = this.collection.doc(householdId);
      const target = await tx.get(targetRef);
      const members = membersOf(target.data(), householdId);
      const own = await tx.get(this.invitations.where('memberId', '==', memberId));
      const refusal = joinRefusal(current?.household ?? null, householdId, members, max);
      if (refusal) return refusal;
      if (current) {
        // A household of the member alone, without dependants: it ends.
        this.writeHousehold(tx, current.ref, current.people, []);
      }
      this.writeHousehold(tx, targetRef, peopleOf(target.data(), householdId), withMemberJoined(members, householdId, memberId, at));
      tx.set(this.lookups.doc(memberId), { householdId });
      for (const doc of own.docs) tx.delete(doc.ref);
      return 'joined';
    });
  }

  async leave(householdId: string, memberId: string): Promise<LeaveOutcome> {
    if (!isMemberId(householdId) || !isMemberId(memberId)) return 'not-in-household';
    return transactionInTurn(this.db, `household-member:${memberId}`, async (tx) => {
      const current = await this.currentIn(tx, memberId);
      const refusal = leaveRefusal(current?.household ?? null, householdId);
      if (refusal || !current) return refusal ?? 'not-in-household';
      this.writeHousehold(tx, current.ref, current.people, withMemberLeft(current.members, memberId));
      tx.delete(this.lookups.doc(memberId));
      return 'left';
    });
  }

  async setContact(householdId: string, memberId: string): Promise<boolean> {
    if (!isMemberId(householdId)) return false;
    const ref = this.collection.doc(householdId);
    return transaction(this.db, async (tx) => {
      const snapshot = await tx.get(ref);
      const changed = withContact(membersOf(snapshot.data(), householdId), memberId);
      if (!changed) return false;
      this.writeHousehold(tx, ref, peopleOf(snapshot.data(), householdId), changed);
      return true;
    });
  }

  async addInvitation(invitation: HouseholdInvitation, max: number): Promise<'invited' | 'already-invited' | 'too-many'> {
    const valid = validHouseholdInvitation(invitation);
    if (!isMemberId(valid.id) || !isMemberId(valid.householdId)) throw new NotFoundError('Household not found');
    const householdRef = this.collection.doc(valid.householdId);
    return transaction(this.db, async (tx) => {
      // The household's document is written too (its invitations' version): invitations at
      // once conflict on it, so the count below is never passed.
      const household = await tx.get(householdRef);
      const waiting = await tx.get(this.invitations.where('householdId', '==', valid.householdId));
      if (waiting.docs.some((doc) => sameInvitee(storedInvitation(doc.data()), valid))) return 'already-invited';
      if (waiting.size >= max) return 'too-many';
      tx.create(this.invitations.doc(valid.id), valid);
      if (household.exists) tx.update(householdRef, { invitationsVersion: FieldValue.increment(1) });
      else tx.set(householdRef, { people: [], members: [], invitationsVersion: 1 });
      return 'invited';
    });
  }

  async getInvitation(id: string): Promise<HouseholdInvitation | null> {
    if (!isMemberId(id)) return null;
    const snapshot = await withCoreErrors(() => this.invitations.doc(id).get());
    return snapshot.exists ? storedInvitation(snapshot.data()) : null;
  }

  async invitationsFor(memberId: string): Promise<HouseholdInvitation[]> {
    return this.invitationsWhere('memberId', memberId);
  }

  async invitationsOf(householdId: string): Promise<HouseholdInvitation[]> {
    return this.invitationsWhere('householdId', householdId);
  }

  async invitationsToEmail(email: string): Promise<HouseholdInvitation[]> {
    if (typeof email !== 'string' || !email.isWellFormed()) return [];
    const snapshot = await withCoreErrors(() => this.invitations.where('email', '==', invitationEmail(email)).get());
    return snapshot.docs.map((doc) => storedInvitation(doc.data())).sort(byInvitationOrder);
  }

  async removeInvitation(id: string): Promise<boolean> {
    if (!isMemberId(id)) return false;
    const ref = this.invitations.doc(id);
    return deleteIfExists(this.db, ref);
  }

  /**
   * Gives every household stored before several members its members (its id's member, as its
   * contact) and that member the document saying which household they are in, once; then a mark
   * makes later starts read one document. Safe to run again and on two instances at once.
   */
  async assignMissingMembers(): Promise<number> {
    const mark = collectionOf(this.db, 'bookingReferences', this.options).doc(HOUSEHOLD_MEMBERS_GIVEN);
    return backfillMissingFields(this.db, this.collection, mark, ['members', 'people'], (snapshot) => {
      if (snapshot.get('members') !== undefined) return null;
      const people = peopleOf(snapshot.data(), snapshot.id);
      const joinedAt = people[0]?.createdAt ?? new Date().toISOString();
      return {
        patch: { members: [{ memberId: snapshot.id, contact: true, joinedAt }] },
        also: [{ ref: this.lookups.doc(snapshot.id), data: { householdId: snapshot.id } }],
      };
    });
  }

  private get lookups() {
    return collectionOf(this.db, 'householdMembers', this.options);
  }

  private get invitations() {
    return collectionOf(this.db, 'householdInvitations', this.options);
  }

  async removeInvitationsOfPerson(memberId: string, email: string | null): Promise<number> {
    if (typeof memberId !== 'string') return 0;
    const queries = [
      ...(isMemberId(memberId) ? [this.invitations.where('memberId', '==', memberId), this.invitations.where('invitedBy', '==', memberId)] : []),
      ...(typeof email === 'string' ? [this.invitations.where('email', '==', invitationEmail(email))] : []),
    ];
    const found = await Promise.all(queries.map(async (query) => (await withCoreErrors(() => query.get())).docs));
    const refs = new Map(found.flat().map((doc) => [doc.id, doc.ref]));
    if (refs.size === 0) return 0;
    await withCoreErrors(async () => {
      const batch = this.db.batch();
      for (const ref of refs.values()) batch.delete(ref);
      await batch.commit();
    });
    return refs.size;
  }

  async removeInvitationsMadeBefore(before: Date, limit: number): Promise<number> {
    // createdAt is stored as its ISO text (fixed width), so text order is time order.
    const snapshot = await withCoreErrors(() => this.invitations.where('createdAt', '<', before.toISOString()).orderBy('createdAt').limit(limit).get());
    if (snapshot.empty) return 0;
    await withCoreErrors(async () => {
      const batch = this.db.batch();
      for (const doc of snapshot.docs) batch.delete(doc.ref);
      await batch.commit();
    });
    return snapshot.size;
  }

  private async invitationsWhere(field: 'memberId' | 'householdId', value: string): Promise<HouseholdInvitation[]> {
    if (!isMemberId(value)) return [];
    const snapshot = await withCoreErrors(() => this.invitations.where(field, '==', value).get());
    return snapshot.docs.map((doc) => storedInvitation(doc.data())).sort(byInvitationOrder);
  }

  /** The household the member is in, read in the transaction: its document, people and members. */
  private async currentIn(tx: Transaction, memberId: string) {
    const lookup = await tx.get(this.lookups.doc(memberId));
    const householdId: unknown = lookup.get('householdId');
    if (typeof householdId !== 'string') return null;
    const ref = this.collection.doc(householdId);
    const snapshot = await tx.get(ref);
    const members = membersOf(snapshot.data(), householdId);
    const membership = members.find((m) => m.memberId === memberId);
    if (!membership) return null;
    const people = peopleOf(snapshot.data(), householdId);
    const household: CurrentHousehold = { membership, members: members.length, dependants: people.length };
    return { ref, people, members, household };
  }

  /** Writes a household's people and members; a household with neither is deleted. */
  private writeHousehold(tx: Transaction, ref: DocumentReference, people: readonly HouseholdPerson[], members: readonly HouseholdMembership[]): void {
    if (people.length === 0 && members.length === 0) tx.delete(ref);
    else tx.set(ref, { people: people.map(toStored), members: members.map(toStoredMember) }, { merge: true });
  }

  /** Reads the household and writes what `decide` answers about its people, in one transaction. */
  private change<T>(householdId: string, decide: (people: HouseholdPerson[]) => { result: T; people?: HouseholdPerson[] }): Promise<T> {
    if (!isMemberId(householdId)) throw new NotFoundError('Household person not found');
    const ref = this.collection.doc(householdId);
    return transactionInTurn(this.db, `household:${householdId}`, async (tx) => {
      const snapshot = await tx.get(ref);
      const decided = decide(peopleOf(snapshot.data(), householdId));
      if (decided.people !== undefined) this.writeHousehold(tx, ref, decided.people, membersOf(snapshot.data(), householdId));
      return decided.result;
    });
  }
}

/**
 * The documents of a new household (MemberRepository.importMembers writes them with its members):
 * the household's, with its people and members, and each member's lookup. A caller creates them
 * (`create`: any already stored fails the write) after reading them in its transaction.
 */
export function newHouseholdDocuments(
  db: Firestore,
  options: FirestoreCollectionOptions,
  household: NewHousehold,
): { ref: DocumentReference; data: DocumentData }[] {
  const householdId = household.members[0]?.householdId ?? household.people[0]?.memberId;
  if (householdId === undefined) return [];
  if (!isMemberId(householdId) || household.members.some((m) => !isMemberId(m.memberId))) throw new ValidationError('Not a valid new household');
  const lookups = collectionOf(db, 'householdMembers', options);
  return [
    {
      ref: collectionOf(db, 'households', options).doc(householdId),
      data: { people: household.people.map(toStored), members: [...household.members].sort(byJoinOrder).map(toStoredMember) },
    },
    ...household.members.map((m) => ({ ref: lookups.doc(m.memberId), data: { householdId } })),
  ];
}

/** The mark, in `bookingReferences` (no reference has this form), that every household has its members. */
const HOUSEHOLD_MEMBERS_GIVEN = 'household-members-given';

function toStoredMember(member: HouseholdMembership): StoredMember {
  const { householdId: _householdId, ...stored } = member;
  return stored;
}

function membersOf(data: DocumentData | undefined, householdId: string): HouseholdMembership[] {
  const members: unknown = data?.members ?? [];
  if (!Array.isArray(members)) throw new Error(`The household ${householdId} is damaged`);
  return members.map((m: unknown) => HouseholdMembershipSchema.parse({ ...(m as object), householdId })).sort(byJoinOrder);
}

function isMemberId(memberId: unknown): memberId is string {
  return typeof memberId === 'string' && isDocumentId(memberId);
}

function toStored(person: HouseholdPerson): StoredPerson {
  const { memberId: _memberId, ...stored } = person;
  return stored;
}

function peopleOf(data: DocumentData | undefined, memberId: string): HouseholdPerson[] {
  const people: unknown = data?.people ?? [];
  if (!Array.isArray(people)) throw new Error(`The household of ${memberId} is damaged`);
  return people.map((p: unknown) => HouseholdPersonSchema.parse({ ...(p as object), memberId })).sort(byHouseholdOrder);
}

/** An invitation as stored; one written before e-mails were kept has none (null). */
function storedInvitation(data: unknown): HouseholdInvitation {
  return HouseholdInvitationSchema.parse({ email: null, ...(data as object) });
}
