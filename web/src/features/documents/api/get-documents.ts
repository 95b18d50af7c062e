import { apiRead } from '../../../lib/page-data';

/** The documents page's read (GET /api/documents): the listed documents, each with its PDF's address. */
export const documentsRead = apiRead(
  ['documents'],
  '/api/documents',
  async () => {
    const [{ z }, { ListedDocumentSchema }] = await Promise.all([import('zod'), import('@core/use-cases/club-content')]);
    return z.object({ documents: z.array(ListedDocumentSchema) });
  },
  (answer) => answer.documents,
);
