import type { ClubDocument, DocumentFile } from '../../core/entities/document';
import type { DocumentRepository } from '../../core/ports/document-repository';
import { compareText } from './compare-text';

export class MemoryDocumentRepository implements DocumentRepository {
  private readonly documents = new Map<string, { document: ClubDocument; file: DocumentFile }>();

  async list(): Promise<ClubDocument[]> {
    return [...this.documents.values()]
      .map((entry) => entry.document)
      .sort((a, b) => compareText(a.title, b.title) || compareText(a.id, b.id))
      .map((document) => structuredClone(document));
  }

  async get(id: string): Promise<ClubDocument | null> {
    const entry = this.documents.get(id);
    return entry ? structuredClone(entry.document) : null;
  }

  async getFile(id: string): Promise<DocumentFile | null> {
    const entry = this.documents.get(id);
    return entry ? copyFile(entry.file) : null;
  }

  async put(document: ClubDocument, file: DocumentFile): Promise<void> {
    this.documents.set(document.id, { document: structuredClone(document), file: copyFile(file) });
  }
}

// Callers get their own bytes, so changing them never changes what is stored.
function copyFile(file: DocumentFile): DocumentFile {
  return { fileName: file.fileName, contentType: file.contentType, bytes: new Uint8Array(file.bytes) };
}
