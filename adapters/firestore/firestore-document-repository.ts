import { FieldPath, FieldValue, type DocumentData } from 'firebase-admin/firestore';
import { DocumentSchema, type ClubDocument, type StoredDocument } from '../../core/documents/document';
import { legacyDocumentFileKey } from '../../core/documents/documents';
import { ValidationError } from '../../core/shared/errors';
import type { DocumentRepository } from '../../core/documents/document-repository.port';
import { isFileKey } from '../../core/shared/file-store.port';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { documentById, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { FirestoreFileStore } from './firestore-file-store';
import { pickFields } from '../pick-fields';
import { runTransactionTried } from './firestore-turns';

const RECORD_FIELDS = ['title', 'description', 'category', 'fileName', 'tags', 'position', 'keepOffline'];

/**
 * Club documents in the `documents` collection, keyed by id, each pointing at its PDF in the
 * file store (`fileKey`). Records written before files moved out of them hold the PDF in
 * `file.bytes` instead: the first read of such a record's file moves the bytes into the file store
 * (FirestoreFileStore on the same database) and points the record at them (ADR 0020).
 */
export class FirestoreDocumentRepository extends FirestoreCollectionAdapter implements DocumentRepository {
  protected readonly collectionName = 'documents';
  private readonly files = new FirestoreFileStore(this.db, this.options);

  async list(): Promise<ClubDocument[]> {
    // Ordered here, not by the query: records from before positions existed have none (0).
    const snapshot = await withCoreErrors(() =>
      this.collection
        .select(...RECORD_FIELDS)
        .orderBy(FieldPath.documentId(), 'asc')
        .get(),
    );
    return snapshot.docs
      .map((doc) => toDocument(doc.id, doc.data()))
      .sort((a, b) => a.position - b.position || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async get(id: string): Promise<ClubDocument | null> {
    if (!isDocumentId(id)) return null;
    const [snapshot] = await withCoreErrors(() => this.db.getAll(this.collection.doc(id), { fieldMask: RECORD_FIELDS }));
    return snapshot.exists ? toDocument(id, snapshot.data() ?? {}) : null;
  }

  async getStored(id: string): Promise<StoredDocument | null> {
    const snapshot = await documentById(this.collection, id);
    if (!snapshot) return null;
    const data = snapshot.data() ?? {};
    const document = toDocument(id, data);
    if (typeof data.fileKey === 'string' && isFileKey(data.fileKey)) return { document, fileKey: data.fileKey };
    return { document, fileKey: await this.moveLegacyFile(id, data) };
  }

  async put(document: ClubDocument, fileKey: string): Promise<string | null> {
    if (!isDocumentId(document.id)) throw new ValidationError('A document id may not contain a slash or be reserved by Firestore');
    if (!isFileKey(fileKey)) throw new ValidationError('Not a file key');
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (transaction) => {
        const ref = this.collection.doc(document.id);
        const before = await transaction.get(ref);
        transaction.set(ref, { ...toRecord(document), fileKey });
        const previous = before.get('fileKey') as unknown;
        return typeof previous === 'string' && isFileKey(previous) ? previous : null;
      }),
    );
  }

  async update(document: ClubDocument): Promise<boolean> {
    if (!isDocumentId(document.id)) return false;
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (transaction) => {
        const ref = this.collection.doc(document.id);
        if (!(await transaction.get(ref)).exists) return false;
        transaction.update(ref, toRecord(document));
        return true;
      }),
    );
  }

  async reorder(ids: string[]): Promise<void> {
    await withCoreErrors(() =>
      runTransactionTried(this.db, async (transaction) => {
        const refs = ids.filter(isDocumentId).map((id) => this.collection.doc(id));
        const snapshots = refs.length > 0 ? await transaction.getAll(...refs, { fieldMask: ['position'] }) : [];
        for (const snapshot of snapshots) {
          if (snapshot.exists) transaction.update(snapshot.ref, { position: ids.indexOf(snapshot.id) });
        }
      }),
    );
  }

  async delete(id: string): Promise<string | null> {
    if (!isDocumentId(id)) return null;
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (transaction) => {
        const ref = this.collection.doc(id);
        const before = await transaction.get(ref);
        if (!before.exists) return null;
        transaction.delete(ref);
        const fileKey = before.get('fileKey') as unknown;
        // A record from before files moved out of it takes its bytes with it.
        return typeof fileKey === 'string' && isFileKey(fileKey) ? fileKey : legacyDocumentFileKey(id);
      }),
    );
  }

  /** Moves the PDF an older record holds into the file store, then points the record at it. */
  private async moveLegacyFile(id: string, data: DocumentData): Promise<string> {
    const bytes = (data.file as { bytes?: unknown } | undefined)?.bytes;
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`Stored file of document ${id} is damaged`);
    const fileKey = legacyDocumentFileKey(id);
    await this.files.put(fileKey, bytes);
    return withCoreErrors(() =>
      runTransactionTried(this.db, async (transaction) => {
        const ref = this.collection.doc(id);
        const now = await transaction.get(ref);
        const current = now.get('fileKey') as unknown;
        // Moved (or replaced) meanwhile by another server: its key counts.
        if (typeof current === 'string' && isFileKey(current)) return current;
        transaction.update(ref, { fileKey, file: FieldValue.delete() });
        return fileKey;
      }),
    );
  }
}

function toRecord(document: ClubDocument) {
  return { ...pickFields(document, ['title', 'description', 'category', 'fileName', 'tags', 'position']), keepOffline: document.keepOffline ?? false };
}

function toDocument(id: string, data: DocumentData): ClubDocument {
  return DocumentSchema.parse({
    id,
    title: data.title,
    description: data.description,
    category: data.category,
    fileName: data.fileName,
    tags: data.tags ?? [],
    position: data.position ?? 0,
    // A record stored before "keep offline" existed reads as not kept offline.
    keepOffline: data.keepOffline ?? false,
  });
}
