import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import type { ClubDocument } from './document';
import { DocumentOrderSchema, orderIsComplete } from './documents';
import { ConflictError } from '../shared/errors';
import type { DocumentRepository } from './document-repository.port';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { UseCase } from '../shared/use-case';

export const DOCUMENTS_CHANGED_MEANWHILE = 'The documents were changed by someone else meanwhile. Please reload the list and order them again.';

export interface ReorderDocumentsDeps extends AuditTrailDeps {
  documents: DocumentRepository;
}

/** An admin puts the documents in a new order: the list must name every document once. */
export class ReorderDocuments extends UseCase<ReorderDocumentsDeps> {
  async execute(admin: Admin, input: unknown): Promise<ClubDocument[]> {
    const { ids } = permittedInput(admin, 'documents.write', DocumentOrderSchema, input);
    const before = await this.deps.documents.list();
    // A document added or deleted since the admin's list was read: their order would leave it out.
    if (!orderIsComplete(ids, before)) throw new ConflictError(DOCUMENTS_CHANGED_MEANWHILE);
    await this.deps.documents.reorder(ids);
    for (const [position, id] of ids.entries()) {
      const document = before.find((doc) => doc.id === id)!;
      if (document.position === position) continue;
      await recordAdminAction(this.deps, admin, {
        action: 'document.moved',
        recordType: 'document',
        recordId: id,
        summary: `Moved the document ${document.title} to place ${position + 1}`,
        before: { position: document.position },
        after: { position },
      });
    }
    return this.deps.documents.list();
  }
}
