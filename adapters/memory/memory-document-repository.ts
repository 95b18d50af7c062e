import type { ClubDocument, StoredDocument } from '../../core/documents/document';
import type { DocumentRepository } from '../../core/documents/document-repository.port';
import { compareText } from './compare-text';

/** As the other storages keep it: a document without "keep offline" is stored as not kept (false). */
const stored = (document: ClubDocument): ClubDocument => structuredClone({ ...document, keepOffline: document.keepOffline ?? false });

export class MemoryDocumentRepository implements DocumentRepository {
  private readonly documents = new Map<string, StoredDocument>();

  async list(): Promise<ClubDocument[]> {
    return [...this.documents.values()]
      .map((entry) => entry.document)
      .sort((a, b) => a.position - b.position || compareText(a.title, b.title) || compareText(a.id, b.id))
      .map((document) => structuredClone(document));
  }

  async get(id: string): Promise<ClubDocument | null> {
    const entry = this.documents.get(id);
    return entry ? structuredClone(entry.document) : null;
  }

  async getStored(id: string): Promise<StoredDocument | null> {
    const entry = this.documents.get(id);
    return entry ? structuredClone(entry) : null;
  }

  async put(document: ClubDocument, fileKey: string): Promise<string | null> {
    const before = this.documents.get(document.id);
    this.documents.set(document.id, { document: stored(document), fileKey });
    return before?.fileKey ?? null;
  }

  async update(document: ClubDocument): Promise<boolean> {
    const entry = this.documents.get(document.id);
    if (!entry) return false;
    this.documents.set(document.id, { document: stored(document), fileKey: entry.fileKey });
    return true;
  }

  async reorder(ids: string[]): Promise<void> {
    for (const [position, id] of ids.entries()) {
      const entry = this.documents.get(id);
      if (entry) entry.document.position = position;
    }
  }

  async delete(id: string): Promise<string | null> {
    const entry = this.documents.get(id);
    this.documents.delete(id);
    return entry?.fileKey ?? null;
  }
}
