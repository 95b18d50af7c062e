import type { Admin } from '../entities/admin';
import type { ClubDocument } from '../entities/document';
import { DOCUMENT_MESSAGES, documentFileName } from '../domain/documents';
import { requirePermission } from '../domain/permissions';
import { documentSearchRecord } from '../domain/search-records';
import { AUDITED_DOCUMENT, recordChange } from './audit-trail';
import { refuseUnlessDocumentFile, storeDocumentWithFile, type DocumentUploadDeps } from './document-files';
import { upsertInStep } from './keep-index-in-step';
import { requireFound } from './require-found';
import { UseCase } from './use-case';

export type ReplaceDocumentFileDeps = DocumentUploadDeps;

/** An admin replaces a document's PDF; its title, description, category and place stay. */
export class ReplaceDocumentFile extends UseCase<ReplaceDocumentFileDeps> {
  async execute(admin: Admin, documentId: string, file: { bytes: Uint8Array; fileName?: string }): Promise<ClubDocument> {
    requirePermission(admin, 'documents.write');
    const existing = await requireFound(this.deps.documents.get(documentId), DOCUMENT_MESSAGES.notFound);
    await refuseUnlessDocumentFile(this.deps.pdfs, file.bytes);
    const updated: ClubDocument = { ...existing, fileName: documentFileName(file.fileName, existing.title) };
    await storeDocumentWithFile(this.deps, updated, file.bytes);
    await recordChange(this.deps, admin, AUDITED_DOCUMENT, {
      action: 'document.file-replaced',
      summary: `Replaced the file of the document ${updated.title} (${file.bytes.byteLength} bytes)`,
      before: existing,
      after: updated,
    });
    await upsertInStep(this.deps, 'documents', [documentSearchRecord(updated)]);
    return updated;
  }
}
