import { z } from 'zod';
import { DocumentSchema } from '@core/entities/document';
import { apiGet } from '../../../lib/api';

export const ListedDocumentSchema = DocumentSchema.extend({ url: z.string() });
export type ListedDocument = z.infer<typeof ListedDocumentSchema>;

const DocumentsAnswerSchema = z.object({ documents: z.array(ListedDocumentSchema) });

export async function getDocuments(signal?: AbortSignal): Promise<ListedDocument[]> {
  const answer = await apiGet('/api/documents', DocumentsAnswerSchema, { signal });
  return answer.documents;
}
