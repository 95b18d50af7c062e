import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { HouseholdPersonSchema, type HouseholdPerson } from '../../core/members/household';
import type { HouseholdRepository } from '../../core/members/household-repository.port';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { byHouseholdOrder, validHouseholdPerson } from '../stored-records';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { inTurn, TRANSACTION_ATTEMPTS } from './firestore-turns';

/** A person as the household's document holds them: the member is the document's id. */
type StoredPerson = Omit<HouseholdPerson, 'memberId'>;

/**
 * The members' households in the `households` collection: one document per member (keyed by the
 * member's id) holding its people. A household is a dozen people at most, so reading one is one
 * document read however large the club, and each change is one transaction on one document:
 * adds at once can never pass the limit.
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

  /** Reads the member's household and writes what `decide` answers, in one transaction. */
  private change<T>(memberId: string, decide: (people: HouseholdPerson[]) => { result: T; people?: HouseholdPerson[] }): Promise<T> {
    if (!isMemberId(memberId)) throw new NotFoundError('Household person not found');
    const ref = this.collection.doc(memberId);
    return inTurn(this.db, `household:${memberId}`, () =>
      withCoreErrors(() =>
        this.db.runTransaction(
          async (tx: Transaction) => {
            const snapshot = await tx.get(ref);
            const decided = decide(peopleOf(snapshot.data(), memberId));
            if (decided.people !== undefined) {
              if (decided.people.length === 0) tx.delete(ref);
              else tx.set(ref, { people: decided.people.map(toStored) });
            }
            return decided.result;
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        ),
      ),
    );
  }
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
