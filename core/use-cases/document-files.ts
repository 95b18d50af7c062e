import type { ClubDocument } from '../entities/document';
import { documentFileKey } from '../domain/documents';
import type { DocumentRepository } from '../ports/document-repository';
import type { FileStore } from '../ports/file-store';
import type { IdGenerator } from '../ports/id-generator';

export interface StoreDocumentDeps {
  documents: DocumentRepository;
  files: FileStore;
  ids: IdGenerator;
}

/**
 * Stores a document with a new file: the bytes under a key of their own first, then the record
 * pointing at them in one step, then the replaced file is deleted. A failure before the record
 * is written leaves the old document and its file as they were (the new bytes are removed).
 */
export async function storeDocumentWithFile(deps: StoreDocumentDeps, document: ClubDocument, bytes: Uint8Array): Promise<void> {
  const fileKey = documentFileKey(deps.ids.next());
  await deps.files.put(fileKey, bytes);
  let previous: string | null;
  try {
    previous = await deps.documents.put(document, fileKey);
  } catch (error) {
    await deps.files.delete(fileKey).catch(() => undefined);
    throw error;
  }
  if (previous !== null && previous !== fileKey) await deps.files.delete(previous);
}
