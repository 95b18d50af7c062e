import { z } from 'zod';
import type { Campaign } from '../entities/campaign';
import { DocumentSchema, type ClubDocument, type DocumentFile } from '../entities/document';
import { NotFoundError } from '../errors';
import type { CampaignSource } from '../ports/campaign-source';
import type { Clock } from '../ports/clock';
import { visibleCampaigns } from '../domain/news-items';
import type { DocumentRepository } from '../ports/document-repository';

export const DOCUMENT_NOT_FOUND = 'Document not found';

/** A document as the documents page lists it: with the address of its PDF. */
export const ListedDocumentSchema = DocumentSchema.extend({ url: z.string() });
export type ListedDocument = z.infer<typeof ListedDocumentSchema>;

/**
 * The club's e-mail campaigns and published news items, newest first, from the source in use
 * (MailerLite or stored); an item whose publish time is still to come waits for it.
 */
export class ListCampaigns {
  constructor(private readonly deps: { campaignSource: CampaignSource; clock?: Clock }) {}

  async execute(): Promise<Campaign[]> {
    const campaigns = await this.deps.campaignSource.listRecent();
    return this.deps.clock ? visibleCampaigns(campaigns, this.deps.clock.now()) : campaigns;
  }
}

/** The club's documents, by title. */
export class ListDocuments {
  constructor(private readonly deps: { documents: DocumentRepository }) {}

  execute(): Promise<ClubDocument[]> {
    return this.deps.documents.list();
  }
}

/** A document's file, byte for byte as stored. */
export class GetDocumentFile {
  constructor(private readonly deps: { documents: DocumentRepository }) {}

  async execute(documentId: string): Promise<DocumentFile> {
    const file = typeof documentId === 'string' && documentId !== '' ? await this.deps.documents.getFile(documentId) : null;
    if (!file) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    return file;
  }
}
