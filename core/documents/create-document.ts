import type { Admin } from '../admins/admin';
import type { ClubDocument } from './document';
import { documentFileName, DocumentFormSchema, nextDocumentPosition } from './documents';
import { requirePermission } from '../admins/permissions';
import { documentSearchRecord } from '../search/search-records';
import { DOCUMENT_AUDIT_FIELDS, flat, recordAdminAction } from '../audit/audit-trail';
import { refuseUnlessDocumentFile, storeDocumentWithFile, type DocumentUploadDeps } from './document-files';
import { keepIndexInStep } from '../search/keep-index-in-step';
import { parseInput } from '../shared/parse-input';

export type CreateDocumentDeps = DocumentUploadDeps;

/** An admin uploads a new document: a PDF with its title, description and category; it goes last. */
export class CreateDocument {
  constructor(private readonly deps: CreateDocumentDeps) {}

  async execute(admin: Admin, form: unknown, file: { bytes: Uint8Array; fileName?: string }): Promise<ClubDocument> {
    requirePermission(admin, 'documents.write');
    const values = parseInput(DocumentFormSchema, form);
    await refuseUnlessDocumentFile(this.deps.pdfs, file.bytes);
    const document: ClubDocument = {
      id: this.deps.ids.next(),
      ...values,
      fileName: documentFileName(file.fileName, values.title),
      tags: [],
      position: nextDocumentPosition(await this.deps.documents.list()),
    };
    await storeDocumentWithFile(this.deps, document, file.bytes);
    await recordAdminAction(this.deps, admin, {
      action: 'document.created',
      recordType: 'document',
      recordId: document.id,
      summary: `Uploaded the document ${document.title} (${file.bytes.byteLength} bytes)`,
      before: flat(null, DOCUMENT_AUDIT_FIELDS),
      after: flat(document, DOCUMENT_AUDIT_FIELDS),
    });
    await keepIndexInStep(() => this.deps.search.upsert('documents', [documentSearchRecord(document)]), this.deps.reportSearchIndexError);
    return document;
  }
}
