import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PDF_CONTENT_TYPE, type DocumentForm } from '@core/documents/documents';
import { ListedDocumentSchema, type ListedDocument } from '@core/content/club-content';
import { apiDelete, apiGet, apiPut, apiUpload } from '../../../../lib/api';
import { adminQueryOptions, useCachedList } from '../../../../admin/shared/api/admin-query';

const DocumentsAnswer = z.object({ documents: z.array(ListedDocumentSchema) });
const DocumentAnswer = z.object({ document: ListedDocumentSchema });

/** The documents as members see them, in their order. */
export async function listDocuments(): Promise<ListedDocument[]> {
  return (await apiGet('/api/documents', DocumentsAnswer)).documents;
}

export async function uploadDocument(form: DocumentForm, file: File): Promise<ListedDocument> {
  // "Keep offline" is set on the document once uploaded (the edit form): the upload's query names the rest.
  const query = new URLSearchParams({ title: form.title, description: form.description, category: form.category, fileName: file.name });
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

export const documentsQueryOptions = () => adminQueryOptions(['documents'], listDocuments);

export function useDocuments() {
  return useQuery(documentsQueryOptions());
}

/** The cache work of the document changes: each answer goes into the cached list. */
const useDocumentsCache = () => useCachedList(documentsQueryOptions());

const replacedIn = (document: ListedDocument) => (documents: ListedDocument[]) => documents.map((d) => (d.id === document.id ? document : d));

export function useUploadDocument() {
  const cache = useDocumentsCache();
  return useMutation({
    mutationFn: ({ form, file }: { form: DocumentForm; file: File }) => uploadDocument(form, file),
    onSuccess: (document) => cache.update((documents) => [...documents, document]),
  });
}

export function useUpdateDocument() {
  const cache = useDocumentsCache();
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: DocumentForm }) => updateDocument(id, form),
    onSuccess: (document) => cache.update(replacedIn(document)),
  });
}

export function useReplaceDocumentFile() {
  const cache = useDocumentsCache();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => replaceDocumentFile(id, file),
    onSuccess: (document) => cache.update(replacedIn(document)),
  });
}

export function useReorderDocuments() {
  const cache = useDocumentsCache();
  return useMutation({ mutationFn: reorderDocuments, onSuccess: (documents) => cache.update(() => documents), onError: cache.reset });
}

export function useDeleteDocument() {
  const cache = useDocumentsCache();
  return useMutation({
    mutationFn: (document: ListedDocument) => deleteDocument(document.id),
    onSuccess: (_, deleted) => cache.update((documents) => documents.filter((d) => d.id !== deleted.id)),
  });
}
