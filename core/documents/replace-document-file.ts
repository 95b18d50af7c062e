import type { Admin } from '../admins/admin';
import type { ClubDocument } from './document';
import { DOCUMENT_MESSAGES, documentFileName } from './documents';
import { permittedRecord } from '../admins/admin-record';
import { documentSearchRecord } from './document-search-record';
import { recordChange } from '../audit/audit-trail';
import { AUDITED_DOCUMENT } from './document-audit';
import { refuseUnlessDocumentFile, storeDocumentWithFile, type DocumentUploadDeps } from './document-files';
import { upsertInStep } from '../search/keep-index-in-step';
import { UseCase } from '../shared/use-case';

export type ReplaceDocumentFileDeps = DocumentUploadDeps;

/** An admin replaces a document's PDF; its title, description, category and place stay. */
export class ReplaceDocumentFile extends UseCase<ReplaceDocumentFileDeps> {
  async execute(admin: Admin, documentId: string, file: { bytes: Uint8Array; fileName?: string }): Promise<ClubDocument> {
    const existing = await permittedRecord(admin, 'documents.write', () => this.deps.documents.get(documentId), DOCUMENT_MESSAGES.notFound);
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
