import type { Admin } from '../admins/admin';
import { DOCUMENT_MESSAGES } from './documents';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { DocumentRepository } from './document-repository.port';
import type { FileStore } from '../shared/file-store.port';
import type { SearchIndex } from '../search/search-index.port';
import { DOCUMENT_AUDIT_FIELDS, flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { keepIndexInStep, type SearchIndexErrorReporter } from '../search/keep-index-in-step';

export interface DeleteDocumentDeps extends AuditTrailDeps {
  documents: DocumentRepository;
  files: FileStore;
  search: SearchIndex;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/** An admin deletes a document: its record first (members stop seeing it), then its file. */
export class DeleteDocument {
  constructor(private readonly deps: DeleteDocumentDeps) {}

  async execute(admin: Admin, documentId: string): Promise<void> {
    requirePermission(admin, 'documents.write');
    const existing = await this.deps.documents.get(documentId);
    if (!existing) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    const fileKey = await this.deps.documents.delete(existing.id);
    if (fileKey === null) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    await this.deps.files.delete(fileKey);
    await recordAdminAction(this.deps, admin, {
      action: 'document.deleted',
      recordType: 'document',
      recordId: existing.id,
      summary: `Deleted the document ${existing.title}`,
      before: flat(existing, DOCUMENT_AUDIT_FIELDS),
      after: flat(null, DOCUMENT_AUDIT_FIELDS),
    });
    await keepIndexInStep(() => this.deps.search.remove('documents', [existing.id]), this.deps.reportSearchIndexError);
  }
}
