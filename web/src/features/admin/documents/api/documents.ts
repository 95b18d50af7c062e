import { z } from 'zod';
import { PDF_CONTENT_TYPE, type DocumentForm } from '@core/domain/documents';
import { ListedDocumentSchema, type ListedDocument } from '@core/use-cases/club-content';
import { apiDelete, apiGet, apiPut, apiUpload } from '../../../../lib/api';

const DocumentsAnswer = z.object({ documents: z.array(ListedDocumentSchema) });
const DocumentAnswer = z.object({ document: ListedDocumentSchema });

/** The documents as members see them, in their order. */
export async function listDocuments(): Promise<ListedDocument[]> {
  return (await apiGet('/api/documents', DocumentsAnswer)).documents;
}

export async function uploadDocument(form: DocumentForm, file: File): Promise<ListedDocument> {
  const query = new URLSearchParams({ ...form, fileName: file.name });
  return (await apiUpload('POST', `/api/admin/documents?${query}`, file, PDF_CONTENT_TYPE, DocumentAnswer)).document;
}

export async function replaceDocumentFile(id: string, file: File): Promise<ListedDocument> {
  const query = new URLSearchParams({ fileName: file.name });
  return (await apiUpload('PUT', `/api/admin/documents/${encodeURIComponent(id)}/file?${query}`, file, PDF_CONTENT_TYPE, DocumentAnswer)).document;
}

export async function updateDocument(id: string, form: DocumentForm): Promise<ListedDocument> {
  return (await apiPut(`/api/admin/documents/${encodeURIComponent(id)}`, form, DocumentAnswer)).document;
}

export async function deleteDocument(id: string): Promise<void> {
  await apiDelete(`/api/admin/documents/${encodeURIComponent(id)}`);
}

export async function reorderDocuments(ids: string[]): Promise<ListedDocument[]> {
  return (await apiPut('/api/admin/document-order', { ids }, DocumentsAnswer)).documents;
}
