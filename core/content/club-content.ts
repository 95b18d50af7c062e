import type { Campaign } from '../campaigns/campaign';
import type { ClubDocument, DocumentFile } from '../documents/document';
import { DOCUMENT_MESSAGES, PDF_CONTENT_TYPE } from '../documents/documents';
import { NotFoundError } from '../shared/errors';
import type { CampaignSource } from '../campaigns/campaign-source.port';
import type { Clock } from '../shared/clock.port';
import { visibleCampaigns } from '../news/news-items';
import type { DocumentRepository } from '../documents/document-repository.port';
import type { FileStore } from '../shared/file-store.port';

export const DOCUMENT_NOT_FOUND = DOCUMENT_MESSAGES.notFound;

// Declared with the documents page's answer, and still offered here for the code that reads it here.
export { ListedDocumentSchema, type ListedDocument } from '../documents/documents-schema';

/**
 * The club's e-mail campaigns and published news items, newest first, from the source in use
 * (MailerLite or stored); an item whose publish time is still to come waits for it.
 */
export class ListCampaigns {
  constructor(private readonly deps: { campaignSource: CampaignSource; clock: Clock }) {}

  async execute(): Promise<Campaign[]> {
    const campaigns = await this.deps.campaignSource.listRecent();
    return visibleCampaigns(campaigns, this.deps.clock.now());
  }
}

/** The club's documents, in the order admins gave them. */
export class ListDocuments {
  constructor(private readonly deps: { documents: DocumentRepository }) {}

  execute(): Promise<ClubDocument[]> {
    return this.deps.documents.list();
  }
}

/** A document's file, byte for byte as stored. */
export class GetDocumentFile {
  constructor(private readonly deps: { documents: DocumentRepository; files: FileStore }) {}

  async execute(documentId: string): Promise<DocumentFile> {
    if (typeof documentId !== 'string' || documentId === '') throw new NotFoundError(DOCUMENT_NOT_FOUND);
    // Twice at most: a replace may delete the file read a moment ago, once its record points at the new one.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const stored = await this.deps.documents.getStored(documentId);
      if (!stored) break;
      const bytes = await this.deps.files.get(stored.fileKey);
      if (bytes) return { fileName: stored.document.fileName, contentType: PDF_CONTENT_TYPE, bytes };
    }
    throw new NotFoundError(DOCUMENT_NOT_FOUND);
  }
}
