import { z } from 'zod';
import { GetDocumentFile, ListDocuments } from '../../../core/content/club-content';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { DOCUMENT_NOT_FOUND, PAGE_READ } from '../../http/route-parts';
import { sendWithHeaders } from '../../http/route-helpers';
import { listedDocument } from './admin-routes';
import { DocumentsResponseSchema, IdParamsSchema } from '../../http/api-schemas';

/** In the OpenAPI document; anyone may call these routes. */
const DOCUMENTS = { tag: 'documents', access: 'public' } as const;

export function registerPublicDocumentRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    ...PAGE_READ,
    path: '/api/documents',
    operationId: 'listDocuments',
    summary: 'Club documents with the address of each PDF',
    ...DOCUMENTS,
    responses: { 200: { description: 'Documents', schema: DocumentsResponseSchema } },
    handler: async () => reply(200, { documents: (await ports.useCase(ListDocuments).execute()).map(listedDocument) }),
  });

  routes.add({
    method: 'get',
    path: '/api/documents/:id/file',
    operationId: 'getDocumentFile',
    summary: "A document's PDF",
    ...DOCUMENTS,
    params: IdParamsSchema,
    responses: { 200: { description: 'The PDF', schema: z.string().describe('PDF bytes'), contentType: 'application/pdf' }, 404: DOCUMENT_NOT_FOUND },
    handler: async ({ params, res }) => {
      const file = await ports.useCase(GetDocumentFile).execute(params.id);
      // The stored name is restricted to [A-Za-z0-9._-]+.pdf, so it is safe inside the header.
      const fileName = /^[A-Za-z0-9._-]+\.pdf$/.test(file.fileName) ? file.fileName : 'document.pdf';
      // Cache-Control: asked again every time (answered 304 by its ETag when unchanged): an admin's replace shows at once.
      return sendWithHeaders(
        res,
        { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'no-cache' },
        file.bytes,
      );
    },
  });
}
