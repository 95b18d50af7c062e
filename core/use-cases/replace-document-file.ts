import type { Admin } from '../entities/admin';
import type { ClubDocument } from '../entities/document';
import { DOCUMENT_MESSAGES, documentFileName, documentFileProblem } from '../domain/documents';
import { requirePermission } from '../domain/permissions';
import { documentSearchRecord } from '../domain/search-records';
import { NotFoundError, ValidationError } from '../errors';
import type { SearchIndex } from '../ports/search-index';
import { DOCUMENT_AUDIT_FIELDS, flat, recordAdminAction, type AuditTrailDeps } from './audit-trail';
import { storeDocumentWithFile, type StoreDocumentDeps } from './document-files';
import { keepIndexInStep, type SearchIndexErrorReporter } from './keep-index-in-step';

export interface ReplaceDocumentFileDeps extends AuditTrailDeps, Omit<StoreDocumentDeps, 'ids'> {
  ids: StoreDocumentDeps['ids'];
  search: SearchIndex;
  reportSearchIndexError?: SearchIndexErrorReporter;
}

/** An admin replaces a document's PDF; its title, description, category and place stay. */
export class ReplaceDocumentFile {
  constructor(private readonly deps: ReplaceDocumentFileDeps) {}

  async execute(admin: Admin, documentId: string, file: { bytes: Uint8Array; fileName?: string }): Promise<ClubDocument> {
    requirePermission(admin, 'documents.write');
    const existing = await this.deps.documents.get(documentId);
    if (!existing) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    const problem = documentFileProblem(file.bytes);
    if (problem) throw new ValidationError(problem, { file: problem });
    const updated: ClubDocument = { ...existing, fileName: documentFileName(file.fileName, existing.title) };
    await storeDocumentWithFile(this.deps, updated, file.bytes);
    await recordAdminAction(this.deps, admin, {
      action: 'document.file-replaced',
      recordType: 'document',
      recordId: updated.id,
      summary: `Replaced the file of the document ${updated.title} (${file.bytes.byteLength} bytes)`,
      before: flat(existing, DOCUMENT_AUDIT_FIELDS),
      after: flat(updated, DOCUMENT_AUDIT_FIELDS),
    });
    await keepIndexInStep(() => this.deps.search.upsert('documents', [documentSearchRecord(updated)]), this.deps.reportSearchIndexError);
    return updated;
  }
}
