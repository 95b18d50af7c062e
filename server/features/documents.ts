import { GetDocumentFile, ListDocuments } from '../../core/use-cases/club-content';
import { CreateDocument } from '../../core/use-cases/create-document';
import { DeleteDocument } from '../../core/use-cases/delete-document';
import { ReorderDocuments } from '../../core/use-cases/reorder-documents';
import { ReplaceDocumentFile } from '../../core/use-cases/replace-document-file';
import { UpdateDocument } from '../../core/use-cases/update-document';
import { provide, type Feature } from './feature';

export const documentsFeature: Feature = {
  name: 'documents',
  useCases: ({ get, options }) => {
    return [
      provide(ListDocuments, () => new ListDocuments({ documents: get('documents') })),
      provide(GetDocumentFile, () => new GetDocumentFile({ documents: get('documents'), files: get('files') })),
      provide(
        CreateDocument,
        () =>
          new CreateDocument({
            ids: get('ids'),
            pdfs: get('pdfs'),
            search: get('search'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            clock: get('clock'),
            documents: get('documents'),
            files: get('files'),
          }),
      ),
      provide(
        UpdateDocument,
        () =>
          new UpdateDocument({
            documents: get('documents'),
            search: get('search'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
      provide(
        ReplaceDocumentFile,
        () =>
          new ReplaceDocumentFile({
            ids: get('ids'),
            pdfs: get('pdfs'),
            search: get('search'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            clock: get('clock'),
            documents: get('documents'),
            files: get('files'),
          }),
      ),
      provide(
        DeleteDocument,
        () =>
          new DeleteDocument({
            documents: get('documents'),
            files: get('files'),
            search: get('search'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
      provide(
        ReorderDocuments,
        () =>
          new ReorderDocuments({
            documents: get('documents'),
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
    ];
  },
};
