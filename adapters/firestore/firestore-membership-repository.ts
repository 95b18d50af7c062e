import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { MembershipCategorySchema, type MembershipCategory } from '../../core/membership/membership-category';
import { categoryNameKey, compareCategories, type MembershipRepository } from '../../core/membership/membership-repository.port';
import { MembershipSettingsSchema, type MembershipSettings } from '../../core/membership/membership-settings';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { CATEGORY_STORE_MESSAGES, validCategory, validSettings } from '../membership-records';
import { collectionOf, FirestoreCollectionAdapter } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';
import { transaction } from './firestore-turns';

const SETTINGS_ID = 'settings';

/**
 * Membership categories in `membershipCategories`, one document per category keyed by its id
 * (with `nameKey`, its name as compared); the settings in `membershipSettings/settings`. A
 * creation or change reads every category in its transaction (a club has a handful), so of two
 * racing for one name the later is decided again on fresh reads and refused.
 */
export class FirestoreMembershipRepository extends FirestoreCollectionAdapter implements MembershipRepository {
  protected readonly collectionName = 'membershipCategories';

  async listCategories(): Promise<MembershipCategory[]> {
    const snapshot = await withCoreErrors(() => this.collection.get());
    return snapshot.docs.map(toCategory).sort(compareCategories);
  }

  async getCategory(id: string): Promise<MembershipCategory | null> {
    if (typeof id !== 'string' || !isDocumentId(id)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(id).get());
    return snapshot.exists ? toCategory(snapshot) : null;
  }

  async createCategory(category: MembershipCategory): Promise<void> {
    const valid = validCategory(category);
    await transaction(this.db, async (tx) => {
      const all = (await tx.get(this.collection)).docs;
      if (all.some((doc) => doc.id === valid.id)) throw new ConflictError(CATEGORY_STORE_MESSAGES.idTaken);
      refuseTakenName(all, valid);
      tx.create(this.collection.doc(valid.id), toDocument(valid));
    });
  }

  async updateCategory(category: MembershipCategory): Promise<void> {
    const valid = validCategory(category);
    await transaction(this.db, async (tx) => {
      const all = (await tx.get(this.collection)).docs;
      if (!all.some((doc) => doc.id === valid.id)) throw new NotFoundError(CATEGORY_STORE_MESSAGES.notFound);
      refuseTakenName(all, valid);
      tx.set(this.collection.doc(valid.id), toDocument(valid));
    });
  }

  async getSettings(): Promise<MembershipSettings | null> {
    const snapshot = await withCoreErrors(() => this.settingsDoc().get());
    return snapshot.exists ? MembershipSettingsSchema.parse(snapshot.data()) : null;
  }

  async saveSettings(settings: MembershipSettings): Promise<void> {
    const valid = validSettings(settings);
    await withCoreErrors(() => this.settingsDoc().set(valid));
  }

  private settingsDoc() {
    return collectionOf(this.db, 'membershipSettings', this.options).doc(SETTINGS_ID);
  }
}

function refuseTakenName(all: DocumentSnapshot[], category: MembershipCategory): void {
  const key = categoryNameKey(category.name);
  const other = all.find((doc) => doc.id !== category.id && doc.get('nameKey') === key);
  if (other) throw new ConflictError(CATEGORY_STORE_MESSAGES.nameTaken(String(other.get('name'))));
}

function toDocument(category: MembershipCategory) {
  const { id: _id, createdAt, updatedAt, ...fields } = category;
  return { ...fields, nameKey: categoryNameKey(category.name), ...instantFields({ createdAt, updatedAt }) };
}

function toCategory(snapshot: DocumentSnapshot): MembershipCategory {
  return readDocument(MembershipCategorySchema, snapshot, { instants: ['createdAt', 'updatedAt'] });
}
