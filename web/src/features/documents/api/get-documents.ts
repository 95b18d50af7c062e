import { apiQuery, useRead } from '../../../lib/reads';

/** The documents page's read (GET /api/documents): the listed documents, each with its PDF's address. */
export const documentsRead = apiQuery(
  ['documents'],
  '/api/documents',
  async () => (await import('@core/documents/documents-schema')).DocumentsResponseSchema,
  (answer) => answer.documents,
);

/** The documents page's query (its loader's and its component's). */
export const documentsQueryOptions = () => documentsRead;

/** The documents listed on the documents page. */
export function useDocuments() {
  return useRead(documentsRead);
}
