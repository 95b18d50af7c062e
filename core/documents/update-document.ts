import type { Admin } from '../admins/admin';
import type { ClubDocument } from './document';
import { DOCUMENT_MESSAGES, DocumentFormSchema } from './documents';
import { requirePermission } from '../admins/permissions';
import { documentSearchRecord } from '../search/search-records';
import { NotFoundError } from '../shared/errors';
import type { DocumentRepository } from './document-repository.port';
import type { SearchIndex } from '../search/search-index.port';
import { DOCUMENT_AUDIT_FIELDS, flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { keepIndexInStep, type SearchIndexErrorReporter } from '../search/keep-index-in-step';
import { parseInput } from '../shared/parse-input';

export interface UpdateDocumentDeps extends AuditTrailDeps {
  documents: DocumentRepository;
  search: SearchIndex;
  reportSearchIndexError: SearchIndexErrorReporter;
}

/** An admin changes a document's title, description or category; its file stays. */
export class UpdateDocument {
  constructor(private readonly deps: UpdateDocumentDeps) {}

  async execute(admin: Admin, documentId: string, form: unknown): Promise<ClubDocument> {
    requirePermission(admin, 'documents.write');
    const existing = await this.deps.documents.get(documentId);
    if (!existing) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    const values = parseInput(DocumentFormSchema, form);
    const updated: ClubDocument = { ...existing, ...values };
    if (!(await this.deps.documents.update(updated))) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    await recordAdminAction(this.deps, admin, {
      action: 'document.updated',
      recordType: 'document',
      recordId: updated.id,
      summary: `Changed the document ${updated.title}`,
      before: flat(existing, DOCUMENT_AUDIT_FIELDS),
      after: flat(updated, DOCUMENT_AUDIT_FIELDS),
    });
    await keepIndexInStep(() => this.deps.search.upsert('documents', [documentSearchRecord(updated)]), this.deps.reportSearchIndexError);
    return updated;
  }
}
