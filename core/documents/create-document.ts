import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import type { ClubDocument } from './document';
import { documentFileName, DocumentFormSchema, nextDocumentPosition } from './documents';
import { documentSearchRecord } from './document-search-record';
import { recordChange } from '../audit/audit-trail';
import { AUDITED_DOCUMENT } from './document-audit';
import { refuseUnlessDocumentFile, storeDocumentWithFile, type DocumentUploadDeps } from './document-files';
import { upsertInStep } from '../search/keep-index-in-step';
import { UseCase } from '../shared/use-case';

export type CreateDocumentDeps = DocumentUploadDeps;

/** An admin uploads a new document: a PDF with its title, description and category; it goes last. */
export class CreateDocument extends UseCase<CreateDocumentDeps> {
  async execute(admin: Admin, form: unknown, file: { bytes: Uint8Array; fileName?: string }): Promise<ClubDocument> {
    const values = permittedInput(admin, 'documents.write', DocumentFormSchema, form);
    await refuseUnlessDocumentFile(this.deps.pdfs, file.bytes);
    const document: ClubDocument = {
      id: this.deps.ids.next(),
      ...values,
      keepOffline: values.keepOffline ?? false,
      fileName: documentFileName(file.fileName, values.title),
      tags: [],
      position: nextDocumentPosition(await this.deps.documents.list()),
    };
    await storeDocumentWithFile(this.deps, document, file.bytes);
    await recordChange(this.deps, admin, AUDITED_DOCUMENT, {
      action: 'document.created',
      summary: `Uploaded the document ${document.title} (${file.bytes.byteLength} bytes)`,
      before: null,
      after: document,
    });
    await upsertInStep(this.deps, 'documents', [documentSearchRecord(document)]);
    return document;
  }
}
