import { GetDocumentFile, ListDocuments } from '../../../core/content/club-content';
import { CreateDocument } from '../../../core/documents/create-document';
import { DeleteDocument } from '../../../core/documents/delete-document';
import { ReorderDocuments } from '../../../core/documents/reorder-documents';
import { ReplaceDocumentFile } from '../../../core/documents/replace-document-file';
import { UpdateDocument } from '../../../core/documents/update-document';
import { auditTrail, type Feature, provide, searchIndexing } from '../feature';

export const documentsFeature: Feature = {
  name: 'documents',
  useCases: ({ get, options }) => {
    // A change to a document's record and file, audited and kept in step with search.
    const documentChanges = { documents: get('documents'), files: get('files'), ...auditTrail(get), ...searchIndexing(get, options) };
    return [
      provide(ListDocuments, () => new ListDocuments({ documents: get('documents') })),
      provide(GetDocumentFile, () => new GetDocumentFile({ documents: get('documents'), files: get('files') })),
      provide(CreateDocument, () => new CreateDocument({ pdfs: get('pdfs'), ...documentChanges })),
      provide(UpdateDocument, () => new UpdateDocument({ documents: get('documents'), ...auditTrail(get), ...searchIndexing(get, options) })),
      provide(ReplaceDocumentFile, () => new ReplaceDocumentFile({ pdfs: get('pdfs'), ...documentChanges })),
      provide(DeleteDocument, () => new DeleteDocument(documentChanges)),
      provide(ReorderDocuments, () => new ReorderDocuments({ documents: get('documents'), ...auditTrail(get) })),
    ];
  },
};
