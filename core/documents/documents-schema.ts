import { z } from 'zod';
import { DocumentSchema } from './document';

/** A document as the documents page lists it: with the address of its PDF. */
export const ListedDocumentSchema = DocumentSchema.extend({ url: z.string() });
export type ListedDocument = z.infer<typeof ListedDocumentSchema>;

/** GET /api/documents's answer, declared once for the API and the documents page. */
export const DocumentsResponseSchema = z.object({ documents: z.array(ListedDocumentSchema) });
export type DocumentsResponse = z.infer<typeof DocumentsResponseSchema>;
