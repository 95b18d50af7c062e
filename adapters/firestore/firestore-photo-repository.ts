import type { DocumentData } from 'firebase-admin/firestore';
import { comparePhotos, isWholeOrder } from '../../core/photos/photos';
import { PhotoSchema, type Photo } from '../../core/photos/photo';
import type { PhotoRepository } from '../../core/photos/photo-repository.port';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { deleteDocumentIf, documentById } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { runTransactionTried } from './firestore-turns';

function toPhoto(id: string, data: DocumentData): Photo {
  return PhotoSchema.parse({ ...data, id });
}

function toData(photo: Photo): DocumentData {
  const { id: _id, ...data } = PhotoSchema.parse(photo);
  return data;
}

/**
 * Member photos' records in the `photos` collection, one document per photo keyed by its id (the
 * files are in the FileStore). A club has tens of photos, so lists are read whole and sorted here.
 */
export class FirestorePhotoRepository extends FirestoreCollectionAdapter implements PhotoRepository {
  protected readonly collectionName = 'photos';

  async list(): Promise<Photo[]> {
    const snapshot = await withCoreErrors(() => this.collection.get());
    return snapshot.docs.map((doc) => toPhoto(doc.id, doc.data())).sort(comparePhotos);
  }

  async get(id: string): Promise<Photo | null> {
    const snapshot = await documentById(this.collection, id);
    return snapshot ? toPhoto(id, snapshot.data() ?? {}) : null;
  }

  async create(photo: Photo): Promise<void> {
    const data = toData(photo);
    await withCoreErrors(() => this.collection.doc(photo.id).create(data), { conflict: `A photo with id ${photo.id} exists` });
  }

  async update(photo: Photo): Promise<boolean> {
    const data = toData(photo);
    const ref = this.collection.doc(photo.id);
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (tx) => {
        if (!(await tx.get(ref)).exists) return false;
        tx.set(ref, data);
        return true;
      }),
    );
  }

  async delete(id: string): Promise<boolean> {
    return deleteDocumentIf(this.collection, id);
  }

  async reorder(ids: string[], updatedAt: string): Promise<boolean> {
    // The whole collection is read in the transaction, so a photo added or removed meanwhile makes
    // Firestore run it again (and the check then fails) rather than leave a half-made order.
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (tx) => {
        const snapshot = await tx.get(this.collection);
        const stored = snapshot.docs.map((doc) => ({ id: doc.id, position: doc.get('position') as unknown }));
        if (!isWholeOrder(stored, ids)) return false;
        const positions = new Map(stored.map((photo) => [photo.id, photo.position]));
        ids.forEach((id, position) => {
          if (positions.get(id) !== position) tx.update(this.collection.doc(id), { position, updatedAt });
        });
        return true;
      }),
    );
  }
}
