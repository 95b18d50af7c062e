import type { ClubDocument, DocumentFile } from '../entities/document';

export interface DocumentRepository {
  /** Every document, ordered by title. */
  list(): Promise<ClubDocument[]>;
  /** The document with this id, or null. */
  get(id: string): Promise<ClubDocument | null>;
  /** The document's file, byte for byte as stored, or null when the document does not exist. */
  getFile(id: string): Promise<DocumentFile | null>;
  /** Stores a document and its file, replacing any with the same id. */
  put(document: ClubDocument, file: DocumentFile): Promise<void>;
}
