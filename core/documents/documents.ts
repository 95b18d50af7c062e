import { z } from 'zod';
import type { ClubDocument } from './document';

/** The largest PDF an admin may upload. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** The only file type documents take. */
export const PDF_CONTENT_TYPE = 'application/pdf';

export const DOCUMENT_MESSAGES = {
  notPdf: 'This file is not a PDF. Only PDF files can be uploaded as documents.',
  tooLarge: 'This file is too large. A document can be at most 20 MB.',
  empty: 'Choose a PDF file to upload.',
  notFound: 'Document not found',
  title: 'Please enter a title',
  category: 'Please enter a category',
  activeContent:
    "This PDF contains JavaScript, an automatic action or an attached file, which would run or open in members' browsers. Save it again without them (for example, print it to a new PDF) and upload that.",
  unreadable: 'This PDF could not be read. Save it again (for example, print it to a new PDF) and upload that.',
} as const;

/**
 * Why a PDF with this active content (PdfInspector) cannot be a document, or null when it has
 * none: documents open inline in members' browsers, so nothing in one may run or open by itself.
 */
export function activeContentProblem(found: readonly string[] | null): string | null {
  if (found === null) return DOCUMENT_MESSAGES.unreadable;
  return found.length > 0 ? DOCUMENT_MESSAGES.activeContent : null;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Whether the bytes are a PDF by their content: every PDF starts with `%PDF-`, whatever its name. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.byteLength >= PDF_MAGIC.length && PDF_MAGIC.every((byte, i) => bytes[i] === byte);
}

/** Why these bytes cannot be a document's file, or null when they can. */
export function documentFileProblem(bytes: Uint8Array): string | null {
  return documentFileProblemOf(bytes.byteLength, bytes.subarray(0, PDF_MAGIC.length));
}

/**
 * The same rule from a file's size and first bytes: what the browser checks before sending a
 * chosen file (it need not read 20 MB to know), and the server checks on the whole of it.
 */
export function documentFileProblemOf(size: number, head: Uint8Array): string | null {
  if (size === 0) return DOCUMENT_MESSAGES.empty;
  if (size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  if (!isPdf(head)) return DOCUMENT_MESSAGES.notPdf;
  return null;
}

/** The admin's document form: what the browser checks and the server enforces. */
export const DocumentFormSchema = z.object({
  title: z.string().trim().min(1, DOCUMENT_MESSAGES.title).max(200),
  description: z.string().trim().max(2000),
  category: z.string().trim().min(1, DOCUMENT_MESSAGES.category).max(100),
  /** Left out: unchanged on an edit, off for a new document. */
  keepOffline: z.boolean().optional(),
});
export type DocumentForm = z.infer<typeof DocumentFormSchema>;

/** The new order of the documents page: every document's id, once, first to last. */
export const DocumentOrderSchema = z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(1000) });

/**
 * The name a document's PDF is downloaded under: the uploaded file's name with anything but
 * letters, digits, '.', '_' and '-' made '-', ending in .pdf; from the title when that leaves nothing.
 */
export function documentFileName(uploadedName: string | undefined, title: string): string {
  const clean = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\.pdf$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 100);
  const base = clean(uploadedName ?? '') || clean(title) || 'document';
  return `${base}.pdf`;
}

/** The FileStore key for a new file of a document: every upload gets its own, so a replace never overwrites in place. */
export function documentFileKey(fileId: string): string {
  const hex = Array.from(new TextEncoder().encode(fileId), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `documents/${hex}`;
}

/** The position after every listed document's: where a new document goes. */
export function nextDocumentPosition(documents: Pick<ClubDocument, 'position'>[]): number {
  return documents.reduce((last, doc) => Math.max(last, doc.position + 1), 0);
}

/** Whether an ordered list of ids names every document exactly once (and nothing else). */
export function orderIsComplete(ids: string[], documents: Pick<ClubDocument, 'id'>[]): boolean {
  const known = new Set(documents.map((doc) => doc.id));
  return ids.length === known.size && new Set(ids).size === ids.length && ids.every((id) => known.has(id));
}

/**
 * The FileStore key for the file of a document stored before files moved out of the records
 * (SQLite migration 0013, Firestore's first read of such a record): fixed per document, so a
 * move cut short and run again writes the same key.
 */
export function legacyDocumentFileKey(documentId: string): string {
  const key = documentFileKey(`legacy-${documentId}`);
  if (key.length <= 200) return key;
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(documentId)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return documentFileKey(`legacy-${documentId.slice(0, 40)}-${hash.toString(36)}`).slice(0, 200);
}
