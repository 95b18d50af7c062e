import { FieldPath, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { DocumentSchema, type ClubDocument, type DocumentFile } from '../../core/entities/document';
import { ValidationError } from '../../core/errors';
import type { DocumentRepository } from '../../core/ports/document-repository';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';

const RECORD_FIELDS = ['title', 'description', 'category', 'fileName', 'tags'];

/**
 * A Firestore document holds at most 1 MiB; the club's PDFs are far smaller, so each is kept in
 * its record as a Bytes field rather than in a separate file store. Leaves room for the record.
 */
export const MAX_FILE_BYTES = 1_000_000;

/** Club documents in the `documents` collection, keyed by id; the PDF in `file.bytes`. */
export class FirestoreDocumentRepository implements DocumentRepository {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'documents', this.options);
  }

  async list(): Promise<ClubDocument[]> {
    // Only the record's fields are read: a list never needs the files.
    const snapshot = await withCoreErrors(() =>
      this.collection
        .select(...RECORD_FIELDS)
        .orderBy('title', 'asc')
        .orderBy(FieldPath.documentId(), 'asc')
        .get(),
    );
    return snapshot.docs.map((doc) => toDocument(doc.id, doc.data()));
  }

  async get(id: string): Promise<ClubDocument | null> {
    if (!isDocumentId(id)) return null;
    const [snapshot] = await withCoreErrors(() => this.db.getAll(this.collection.doc(id), { fieldMask: RECORD_FIELDS }));
    return snapshot.exists ? toDocument(id, snapshot.data() ?? {}) : null;
  }

  async getFile(id: string): Promise<DocumentFile | null> {
    if (!isDocumentId(id)) return null;
    const [snapshot] = await withCoreErrors(() => this.db.getAll(this.collection.doc(id), { fieldMask: ['file'] }));
    if (!snapshot.exists) return null;
    const file = snapshot.get('file') as { fileName?: unknown; contentType?: unknown; bytes?: unknown } | undefined;
    if (!file || typeof file.fileName !== 'string' || typeof file.contentType !== 'string' || !(file.bytes instanceof Uint8Array)) {
      throw new TypeError(`Stored file of document ${id} is damaged`);
    }
    // A copy: changing the returned bytes must not change anything the client library keeps.
    return { fileName: file.fileName, contentType: file.contentType, bytes: Uint8Array.from(file.bytes) };
  }

  async put(document: ClubDocument, file: DocumentFile): Promise<void> {
    if (!isDocumentId(document.id)) throw new ValidationError('A document id may not contain a slash or be reserved by Firestore');
    if (file.bytes.byteLength > MAX_FILE_BYTES) {
      throw new ValidationError(`A document's file can be at most ${MAX_FILE_BYTES} bytes when stored in Firestore`);
    }
    await withCoreErrors(() =>
      this.collection.doc(document.id).set({
        title: document.title,
        description: document.description,
        category: document.category,
        fileName: document.fileName,
        tags: document.tags,
        file: { fileName: file.fileName, contentType: file.contentType, bytes: Buffer.from(file.bytes) },
      }),
    );
  }
}

function toDocument(id: string, data: DocumentData): ClubDocument {
  return DocumentSchema.parse({
    id,
    title: data.title,
    description: data.description,
    category: data.category,
    fileName: data.fileName,
    tags: data.tags ?? [],
  });
}
