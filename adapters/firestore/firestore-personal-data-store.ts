import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { PersonalDataStore, RecordRewrite, StoredRecord } from '../../core/privacy/personal-data-store.port';
import type { FirestoreCollectionOptions } from './firestore-collections';
import { BATCH_SIZE } from './firestore-delete-all';
import { withCoreErrors } from './firestore-errors';

/**
 * Every collection of the deployment read as records (docs/privacy-requests.md): each document (and each
 * document of its subcollections, kind "parent/child") with its document id as id and key. Found
 * with listCollections under the collection prefix, so a collection a later feature adds is read
 * too. A rewrite replaces a document whole (its timestamps handed back as read); one whose id held
 * the e-mail is moved to its new id in the same batch.
 */
export class FirestorePersonalDataStore implements PersonalDataStore {
  private readonly prefix: string;

  constructor(
    private readonly db: Firestore,
    options: FirestoreCollectionOptions = {},
  ) {
    this.prefix = options.collectionPrefix ?? '';
  }

  async scan(): Promise<StoredRecord[]> {
    return withCoreErrors(async () => {
      const records: StoredRecord[] = [];
      const collections = (await this.db.listCollections()).filter((c) => c.id.startsWith(this.prefix)).sort((a, b) => a.id.localeCompare(b.id));
      const visit = async (kind: string, docs: DocumentReference[]) => {
        const snapshots = docs.length === 0 ? [] : await this.db.getAll(...docs);
        for (const snapshot of snapshots) {
          if (snapshot.exists) records.push({ kind, id: snapshot.ref.path, key: snapshot.id, fields: snapshot.data() ?? {} });
          for (const sub of await snapshot.ref.listCollections()) await visit(`${kind}/${sub.id}`, await sub.listDocuments());
        }
      };
      for (const collection of collections) await visit(collection.id.slice(this.prefix.length), await collection.listDocuments());
      return records;
    });
  }

  async rewrite(changes: readonly RecordRewrite[]): Promise<void> {
    await withCoreErrors(async () => {
      for (let start = 0; start < changes.length; start += BATCH_SIZE / 2) {
        const batch = this.db.batch();
        for (const change of changes.slice(start, start + BATCH_SIZE / 2)) {
          const ref = this.db.doc(change.id);
          if (change.newId !== change.id) {
            batch.delete(ref);
            batch.set(this.db.doc(movedPath(change.id, change.newId)), change.fields);
          } else {
            batch.set(ref, change.fields);
          }
        }
        await batch.commit();
      }
    });
  }

  /**
   * Nothing the app can do: Firestore keeps its own recovery copies (point-in-time recovery,
   * backups), which age out on Google's schedule (docs/data-protection.md#backups-age-out-too).
   */
  async dropOldCopies(): Promise<void> {}
}

/** The new path of a document whose path's last segment (its id) changed: the erasure rewrote the whole path's text. */
function movedPath(oldPath: string, newPath: string): string {
  const parent = oldPath.split('/').slice(0, -1).join('/');
  const id = newPath.split('/').pop() ?? newPath;
  return `${parent}/${id.replace(/\//g, '_')}`;
}
