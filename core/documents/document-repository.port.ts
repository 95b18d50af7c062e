import type { ClubDocument, StoredDocument } from './document';

/**
 * The club documents' records. Each points at its PDF in the FileStore by key; the bytes are
 * never kept here.
 */
export interface DocumentRepository {
  /** Every document, ordered by position, then title, then id. */
  list(): Promise<ClubDocument[]>;
  /** The document with this id, or null. */
  get(id: string): Promise<ClubDocument | null>;
  /** The document with this id and the key of its file, or null. */
  getStored(id: string): Promise<StoredDocument | null>;
  /**
   * Stores the document pointing at its file's key, replacing any with the same id, in one step.
   * Returns the key the replaced record pointed at (null when there was none), for the caller
   * to delete once nothing points at it.
   */
  put(document: ClubDocument, fileKey: string): Promise<string | null>;
  /**
   * Changes a document's fields, keeping its file. False (and nothing changed) when there is no
   * document with its id.
   */
  update(document: ClubDocument): Promise<boolean>;
  /** Sets each listed document's position to its place in the list; ids of no document are skipped. */
  reorder(ids: string[]): Promise<void>;
  /** Removes the document; returns the key of its file, or null when there was no such document. */
  delete(id: string): Promise<string | null>;
}
