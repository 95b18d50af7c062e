import express from 'express';
import { z } from 'zod';
import { documentFilePath } from '../../../core/shared/paths';
import { DOCUMENT_MESSAGES, isPdf, MAX_DOCUMENT_BYTES, PDF_CONTENT_TYPE } from '../../../core/documents/documents';
import type { ClubDocument } from '../../../core/documents/document';
import { ListedDocumentSchema } from '../../../core/content/club-content';
import { CreateDocument } from '../../../core/documents/create-document';
import { DeleteDocument } from '../../../core/documents/delete-document';
import { ReorderDocuments } from '../../../core/documents/reorder-documents';
import { ReplaceDocumentFile } from '../../../core/documents/replace-document-file';
import { UpdateDocument } from '../../../core/documents/update-document';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';
import { noContent, readUpload, uploadedBytes } from '../../http/route-helpers';
import { DELETED, DOCUMENT_NOT_FOUND } from '../../http/route-parts';

export const DocumentSavedSchema = z.object({ document: ListedDocumentSchema });
export const DocumentOrderResponseSchema = z.object({ documents: z.array(ListedDocumentSchema) });
/** The form's fields of an upload, in the query: the body is the PDF itself. */
export const DocumentUploadQuerySchema = z.object({
  title: z.string().max(1000).optional(),
  description: z.string().max(5000).optional(),
  category: z.string().max(1000).optional(),
  /** The uploaded file's own name, for the name the PDF is downloaded under. */
  fileName: z.string().max(1000).optional(),
});
export const DocumentReplaceQuerySchema = DocumentUploadQuerySchema.pick({ fileName: true });
export const DocumentFormBodySchema = z.object({ title: z.string(), description: z.string(), category: z.string(), keepOffline: z.boolean().optional() });
export const DocumentOrderBodySchema = z.object({ ids: z.array(z.string()) });

const UPLOAD_ERRORS = {
  413: { description: `"${DOCUMENT_MESSAGES.tooLarge}" (over ${MAX_DOCUMENT_BYTES} bytes)` },
  415: { description: `"${DOCUMENT_MESSAGES.notPdf}" (a body that is not application/pdf, or whose bytes do not start with %PDF-)` },
} as const;

const RAW_PDF = { contentType: PDF_CONTENT_TYPE, description: 'The PDF itself, at most 20 MB; its bytes must start with %PDF-' };

/**
 * Reads an uploaded PDF: refuses another content type (415) before reading, a body over the limit
 * (413) as soon as it is known, and bytes that are not a PDF, whatever the file's name (415).
 * Nothing is stored before all of it has arrived, so a refused or broken-off upload changes nothing.
 */
const readPdfUpload = readUpload({
  parser: express.raw({ type: () => true, limit: MAX_DOCUMENT_BYTES }),
  tooLarge: DOCUMENT_MESSAGES.tooLarge,
  refuseBefore: (req) => {
    const type = (req.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();
    return type !== PDF_CONTENT_TYPE ? { status: 415, error: DOCUMENT_MESSAGES.notPdf } : undefined;
  },
  refuse: (req) => {
    const bytes = uploadedBytes(req.body);
    return bytes.byteLength > 0 && !isPdf(bytes) ? { status: 415, error: DOCUMENT_MESSAGES.notPdf } : undefined;
  },
});

/** The admin's documents screen (documents:write). */
const DOCUMENTS_WRITE = { tag: 'admin documents', access: { action: 'documents.write' } } as const;

/** A document as the lists answer it: with the address of its PDF. */
export function listedDocument(document: ClubDocument) {
  return { ...document, url: documentFilePath(document.id) };
}

/** The admin's documents screen: upload, edit, replace the file, reorder, delete (content:write). */
export function registerDocumentAdminRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/admin/documents',
    operationId: 'adminUploadDocument',
    summary: 'Upload a new document: the PDF as the body, its title, description and category in the query',
    ...DOCUMENTS_WRITE,
    rawBody: RAW_PDF,
    query: DocumentUploadQuerySchema,
    before: [readPdfUpload],
    responses: { 201: { description: 'Stored; listed last on /documents', schema: DocumentSavedSchema }, ...UPLOAD_ERRORS },
    handler: async ({ admin, query, req }) => {
      const { fileName, ...form } = query;
      const document = await ports
        .useCase(CreateDocument)
        .execute(admin, { description: '', ...form }, { bytes: uploadedBytes(req.body), ...(fileName ? { fileName } : {}) });
      return reply(201, { document: listedDocument(document) });
    },
  });

  routes.add({
    method: 'put',
    path: '/api/admin/documents/:id',
    operationId: 'adminUpdateDocument',
    summary: "Change a document's title, description, category and keep-offline mark (its file stays)",
    ...DOCUMENTS_WRITE,
    params: IdParamsSchema,
    body: DocumentFormBodySchema,
    responses: { 200: { description: 'Saved', schema: DocumentSavedSchema }, 404: DOCUMENT_NOT_FOUND },
    handler: async ({ admin, params, body }) => reply(200, { document: listedDocument(await ports.useCase(UpdateDocument).execute(admin, params.id, body)) }),
  });

  routes.add({
    method: 'put',
    path: '/api/admin/documents/:id/file',
    operationId: 'adminReplaceDocumentFile',
    summary: "Replace a document's PDF (the body); its title, description, category and place stay",
    ...DOCUMENTS_WRITE,
    rawBody: RAW_PDF,
    params: IdParamsSchema,
    query: DocumentReplaceQuerySchema,
    before: [readPdfUpload],
    responses: { 200: { description: 'Replaced', schema: DocumentSavedSchema }, 404: DOCUMENT_NOT_FOUND, ...UPLOAD_ERRORS },
    handler: async ({ admin, params, query, req }) => {
      const file = { bytes: uploadedBytes(req.body), ...(query.fileName ? { fileName: query.fileName } : {}) };
      return reply(200, { document: listedDocument(await ports.useCase(ReplaceDocumentFile).execute(admin, params.id, file)) });
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/documents/:id',
    operationId: 'adminDeleteDocument',
    summary: 'Delete a document and its file',
    ...DOCUMENTS_WRITE,
    params: IdParamsSchema,
    responses: { 204: DELETED, 404: DOCUMENT_NOT_FOUND },
    handler: async ({ admin, params }) => noContent(ports.useCase(DeleteDocument).execute(admin, params.id)),
  });

  routes.add({
    method: 'put',
    path: '/api/admin/document-order',
    operationId: 'adminReorderDocuments',
    summary: 'Put the documents in a new order: every document’s id, once, first to last',
    ...DOCUMENTS_WRITE,
    body: DocumentOrderBodySchema,
    responses: {
      200: { description: 'The documents in their new order', schema: DocumentOrderResponseSchema },
      409: { description: 'A document was added or deleted meanwhile' },
    },
    handler: async ({ admin, body }) => reply(200, { documents: (await ports.useCase(ReorderDocuments).execute(admin, body)).map(listedDocument) }),
  });
}
