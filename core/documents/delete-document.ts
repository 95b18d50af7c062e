import type { Admin } from '../admins/admin';
import { DOCUMENT_MESSAGES } from './documents';
import { permittedRecord } from '../admins/admin-record';
import { NotFoundError } from '../shared/errors';
import type { DocumentRepository } from './document-repository.port';
import type { FileStore } from '../shared/file-store.port';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_DOCUMENT } from './document-audit';
import { removeInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import { UseCase } from '../shared/use-case';

export interface DeleteDocumentDeps extends AuditTrailDeps, SearchIndexingDeps {
  documents: DocumentRepository;
  files: FileStore;
}

/** An admin deletes a document: its record first (members stop seeing it), then its file. */
export class DeleteDocument extends UseCase<DeleteDocumentDeps> {
  async execute(admin: Admin, documentId: string): Promise<void> {
    const existing = await permittedRecord(admin, 'documents.write', () => this.deps.documents.get(documentId), DOCUMENT_MESSAGES.notFound);
    const fileKey = await this.deps.documents.delete(existing.id);
    if (fileKey === null) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    await this.deps.files.delete(fileKey);
    await recordChange(this.deps, admin, AUDITED_DOCUMENT, {
      action: 'document.deleted',
      summary: `Deleted the document ${existing.title}`,
      before: existing,
      after: null,
    });
    await removeInStep(this.deps, 'documents', [existing.id]);
  }
}
