import { z } from 'zod';
import { ListedDocumentSchema, type ListedDocument } from '@core/use-cases/club-content';
import { apiGet } from '../../../lib/api';

export { ListedDocumentSchema, type ListedDocument };

const DocumentsAnswerSchema = z.object({ documents: z.array(ListedDocumentSchema) });

export async function getDocuments(signal?: AbortSignal): Promise<ListedDocument[]> {
  const answer = await apiGet('/api/documents', DocumentsAnswerSchema, { signal });
  return answer.documents;
}
