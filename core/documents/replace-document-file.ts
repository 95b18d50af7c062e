import type { Admin } from '../admins/admin';
import type { ClubDocument } from './document';
import { DOCUMENT_MESSAGES, documentFileName } from './documents';
import { requirePermission } from '../admins/permissions';
import { documentSearchRecord } from '../search/search-records';
import { NotFoundError } from '../shared/errors';
import { DOCUMENT_AUDIT_FIELDS, flat, recordAdminAction } from '../audit/audit-trail';
import { refuseUnlessDocumentFile, storeDocumentWithFile, type DocumentUploadDeps } from './document-files';
import { keepIndexInStep } from '../search/keep-index-in-step';

export type ReplaceDocumentFileDeps = DocumentUploadDeps;

/** An admin replaces a document's PDF; its title, description, category and place stay. */
export class ReplaceDocumentFile {
  constructor(private readonly deps: ReplaceDocumentFileDeps) {}

  async execute(admin: Admin, documentId: string, file: { bytes: Uint8Array; fileName?: string }): Promise<ClubDocument> {
    requirePermission(admin, 'documents.write');
    const existing = await this.deps.documents.get(documentId);
    if (!existing) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    await refuseUnlessDocumentFile(this.deps.pdfs, file.bytes);
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
