import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { MEMBER_OPTIONAL_FIELDS, MemberSchema, memberEmailKey, type Member } from '../../core/members/member';
import type { MemberImportExtras, MemberRepository, MemberUpdateExtras } from '../../core/members/member-repository.port';
import { newHouseholdDocuments } from './firestore-household-repository';
import { readMemberDutyRelease } from './firestore-member-duty-release';
import { addToOutbox } from './firestore-outbox';
import {
  byNameThenEmail,
  checkExpectedUpdatedAt,
  MEMBER_MESSAGES,
  membersAfterImport,
  NEW_HOUSEHOLD_TAKEN,
  validMember,
  validNewHousehold,
} from '../member-records';
import { pickFields } from '../pick-fields';
import { FirestoreCollectionAdapter, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { transaction } from './firestore-turns';
import { UniqueEmailWrites } from './firestore-unique-email-writes';
import { ConflictError, ValidationError } from '../../core/shared/errors';
import { getExisting } from './firestore-get-many';

/** E-mail keys per `in` query (Firestore takes at most 30). */
const EMAILS_PER_QUERY = 30;

/**
 * The member list in the `members` collection, one document per member keyed by its id.
 * `emailKey` (the lower-cased e-mail) makes e-mails unique whatever their case: writes check it
 * inside a transaction, as the admins' repository does.
 */
export class FirestoreMemberRepository extends FirestoreCollectionAdapter implements MemberRepository {
  protected readonly collectionName = 'members';
  private readonly writes: UniqueEmailWrites;

  constructor(db: Firestore, options: FirestoreCollectionOptions = {}) {
    super(db, options);
    this.writes = new UniqueEmailWrites(db, () => this.collection, MEMBER_MESSAGES);
  }

  async get(id: string): Promise<Member | null> {
    if (typeof id !== 'string' || !isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? toMember(snapshot) : null;
  }

  async getByEmail(email: string): Promise<Member | null> {
    if (typeof email !== 'string') return null;
    const snapshot = await withCoreErrors(() => this.collection.where('emailKey', '==', memberEmailKey(email)).limit(1).get());
    return snapshot.empty ? null : toMember(snapshot.docs[0]);
  }

  async getMany(ids: readonly string[]): Promise<Member[]> {
    const refs = [...new Set(ids)].filter((id) => typeof id === 'string' && isDocumentId(id)).map((id) => this.collection.doc(id));
    return (await getExisting(this.db, refs)).map(toMember);
  }

  async getManyByEmail(emails: readonly string[]): Promise<Member[]> {
    const keys = [...new Set(emails.filter((email) => typeof email === 'string').map(memberEmailKey))];
    const queries: Promise<Member[]>[] = [];
    // Firestore takes at most 30 values in one `in` filter.
    for (let at = 0; at < keys.length; at += EMAILS_PER_QUERY) {
      const slice = keys.slice(at, at + EMAILS_PER_QUERY);
      queries.push(withCoreErrors(() => this.collection.where('emailKey', 'in', slice).get()).then((found) => found.docs.map(toMember)));
    }
    return (await Promise.all(queries)).flat();
  }

  async list(): Promise<Member[]> {
    // A club has hundreds of members, not more: one read of them all, ordered here as SQLite orders them.
    const snapshot = await withCoreErrors(() => this.collection.get());
    return snapshot.docs.map(toMember).sort(byNameThenEmail);
  }

  async create(member: Member): Promise<void> {
    const valid = validMember(member);
    if (!isDocumentId(valid.id)) throw new ValidationError('Not a valid member id');
    await this.writes.create(valid.id, memberEmailKey(valid.email), toDocument(valid));
  }

  async update(member: Member, also: MemberUpdateExtras = {}): Promise<void> {
    const valid = validMember(member);
    const release = also.releaseDuties;
    const mail = also.mail ?? [];
    // With a release or mail: one transaction, the member, their duties released and the e-mails.
    const read = async (tx: Transaction): Promise<() => void> => {
      const released = release ? await readMemberDutyRelease(tx, this.db, this.options, valid.id, release) : null;
      return () => {
        released?.();
        addToOutbox(tx, this.db, mail, this.options);
      };
    };
    await this.writes.replace(
      valid.id,
      memberEmailKey(valid.email),
      toDocument(valid),
      release || mail.length > 0 ? { read, conflict: 'An outbox message with this id already exists' } : undefined,
      (stored) => checkExpectedUpdatedAt(toMember(stored).updatedAt, also.expectedUpdatedAt),
    );
  }

  async importMembers(members: readonly Member[], also: MemberImportExtras = {}): Promise<void> {
    const valid = members.map(validMember);
    const household = also.household ? newHouseholdDocuments(this.db, this.options, validNewHousehold(also.household)) : [];
    if (valid.length === 0 && household.length === 0) return;
    if (valid.some((member) => !isDocumentId(member.id))) throw new ValidationError('Not a valid member id');
    const collection = this.collection;
    await transaction(this.db, async (tx) => {
      // Reading the whole list inside the transaction makes the e-mail check hold against any write meanwhile.
      const stored = (await tx.get(collection)).docs.map(toMember);
      // A new household's documents, read in the same transaction: none may be stored yet.
      const taken = household.length > 0 ? (await tx.getAll(...household.map((document) => document.ref))).some((snapshot) => snapshot.exists) : false;
      const after = membersAfterImport(stored, valid);
      if (taken) throw new ConflictError(NEW_HOUSEHOLD_TAKEN);
      for (const id of new Set(valid.map((member) => member.id))) tx.set(collection.doc(id), toDocument(after.get(id)!));
      for (const document of household) tx.create(document.ref, document.data);
    });
  }
}

function toDocument(member: Member) {
  return {
    ...pickFields(member, ['name', 'email', 'membershipType', 'renewalDate', 'disabled']),
    // Optional fields only when given (Firestore refuses undefined).
    ...Object.fromEntries(MEMBER_OPTIONAL_FIELDS.filter((name) => member[name] !== undefined).map((name) => [name, member[name]])),
    emailKey: memberEmailKey(member.email),
    ...instantFields({ createdAt: member.createdAt, updatedAt: member.updatedAt }),
  };
}

function toMember(snapshot: DocumentSnapshot): Member {
  return readDocument(MemberSchema, snapshot, { instants: ['createdAt', 'updatedAt'] });
}
