import type { ClubDocument } from './document';
import { activeContentProblem, documentFileKey, documentFileProblem } from './documents';
import { ValidationError } from '../shared/errors';
import type { DocumentRepository } from './document-repository.port';
import type { FileStore } from '../shared/file-store.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { PdfInspector } from './pdf-inspector.port';
import type { SearchIndex } from '../search/search-index.port';
import type { AuditTrailDeps } from '../audit/audit-trail';
import type { SearchIndexErrorReporter } from '../search/keep-index-in-step';

export interface StoreDocumentDeps {
  documents: DocumentRepository;
  files: FileStore;
  ids: IdGenerator;
}

/** What the use cases that store an uploaded file need (creating a document, replacing its file). */
export interface DocumentUploadDeps extends AuditTrailDeps, Omit<StoreDocumentDeps, 'ids'> {
  ids: StoreDocumentDeps['ids'];
  pdfs: PdfInspector;
  search: SearchIndex;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/**
 * Refuses an upload that is not a PDF of an allowed size, or a PDF that would act by itself in a
 * member's browser (JavaScript, a launch or open action, an embedded file: documents open inline),
 * or one that cannot be read to tell (400, the words in `fields.file` too).
 */
export async function refuseUnlessDocumentFile(pdfs: PdfInspector, bytes: Uint8Array): Promise<void> {
  const problem = documentFileProblem(bytes) ?? activeContentProblem(await pdfs.activeContent(bytes));
  if (problem) throw new ValidationError(problem, { file: problem });
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
