import { apiRead } from '../../../lib/page-data';

/** The documents page's read (GET /api/documents): the listed documents, each with its PDF's address. */
export const documentsRead = apiRead(
  ['documents'],
  '/api/documents',
  async () => (await import('@core/use-cases/documents-schema')).DocumentsResponseSchema,
  (answer) => answer.documents,
);
