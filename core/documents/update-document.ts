import type { Admin } from '../admins/admin';
import type { ClubDocument } from './document';
import { DOCUMENT_MESSAGES, DocumentFormSchema } from './documents';
import { permittedRecord } from '../admins/admin-record';
import { documentSearchRecord } from './document-search-record';
import { NotFoundError } from '../shared/errors';
import type { DocumentRepository } from './document-repository.port';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_DOCUMENT } from './document-audit';
import { upsertInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';

export interface UpdateDocumentDeps extends AuditTrailDeps, SearchIndexingDeps {
  documents: DocumentRepository;
}

/** An admin changes a document's title, description, category or "keep offline"; its file stays. */
export class UpdateDocument extends UseCase<UpdateDocumentDeps> {
  async execute(admin: Admin, documentId: string, form: unknown): Promise<ClubDocument> {
    const existing = await permittedRecord(admin, 'documents.write', () => this.deps.documents.get(documentId), DOCUMENT_MESSAGES.notFound);
    const values = parseInput(DocumentFormSchema, form);
    const updated: ClubDocument = { ...existing, ...values, keepOffline: values.keepOffline ?? existing.keepOffline };
    if (!(await this.deps.documents.update(updated))) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    await recordChange(this.deps, admin, AUDITED_DOCUMENT, {
      action: 'document.updated',
      summary: `Changed the document ${updated.title}`,
      before: existing,
      after: updated,
    });
    await upsertInStep(this.deps, 'documents', [documentSearchRecord(updated)]);
    return updated;
  }
}
