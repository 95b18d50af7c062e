import type { DocumentData } from 'firebase-admin/firestore';
import type { Campaign } from '../../core/campaigns/campaign';
import { ImportedCampaignSchema, importedCampaignListing, type ImportedCampaign } from '../../core/news/imported-campaign';
import { NewsItemSchema, type NewsItem } from '../../core/news/news-item';
import { newsExcerpt } from '../../core/news/news-body';
import { byNewestPublished, newsItemCampaign } from '../../core/news/news-items';
import { ValidationError } from '../../core/shared/errors';
import type { CampaignRepository } from '../../core/news/campaign-repository.port';
import { FirestoreCollectionAdapter, orderedBy } from './firestore-collections';
import { deleteDocumentIf, isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields, readInstant } from './firestore-instants';

/** A document with a Markdown `body` is a news item written in the app; the others are imported campaigns. */
function isNewsItem(data: DocumentData): boolean {
  return typeof data.body === 'string';
}

function importedCampaignOf(id: string, data: DocumentData): ImportedCampaign {
  return ImportedCampaignSchema.parse({
    id,
    subject: data.subject,
    finished_at: readInstant(data, 'finished_at'),
    preview_url: data.preview_url ?? null,
    content: typeof data.content === 'string' ? data.content : null,
  });
}

function newsItemOf(id: string, data: DocumentData): NewsItem {
  return NewsItemSchema.parse({
    id,
    subject: data.subject,
    body: data.body,
    publishAt: readInstant(data, 'finished_at'),
    status: data.status,
    createdAt: readInstant(data, 'created_at'),
    updatedAt: readInstant(data, 'updated_at'),
  });
}

/**
 * E-mail campaigns and news items in the `campaigns` collection, keyed by id, finished_at (a news
 * item's publish time) a Timestamp. Imported campaigns have no body and no status (published), and
 * may have their e-mail's text as `content`.
 */
export class FirestoreCampaignRepository extends FirestoreCollectionAdapter implements CampaignRepository {
  protected readonly collectionName = 'campaigns';

  private checkId(id: string): void {
    if (!isDocumentId(id)) throw new ValidationError('A campaign id may not contain a slash or be reserved by Firestore');
  }

  async listRecent(): Promise<Campaign[]> {
    // Firestore orders null below every Timestamp, so newest first puts unfinished ones last.
    // A club's campaigns are few: drafts are left out here rather than with an index on status.
    const snapshot = await withCoreErrors(() => orderedBy(this.collection, 'finished_at', 'desc').get());
    const listed = await Promise.all(
      snapshot.docs.map(async (doc) => {
        const data = doc.data();
        if (isNewsItem(data)) {
          const item = newsItemOf(doc.id, data);
          return item.status === 'published' ? [newsItemCampaign(item, await newsExcerpt(item.body))] : [];
        }
        return [await importedCampaignListing(importedCampaignOf(doc.id, data))];
      }),
    );
    return listed.flat();
  }

  async put(campaign: ImportedCampaign): Promise<void> {
    this.checkId(campaign.id);
    const checked = ImportedCampaignSchema.parse(campaign);
    await withCoreErrors(() =>
      this.collection
        .doc(checked.id)
        .set({
          subject: checked.subject,
          preview_url: checked.preview_url,
          content: checked.content ?? null,
          ...instantFields({ finished_at: checked.finished_at }),
        }),
    );
  }

  async getImportedCampaign(id: string): Promise<ImportedCampaign | null> {
    if (!isDocumentId(id)) return null;
    const doc = await withCoreErrors(() => this.collection.doc(id).get());
    const data = doc.data();
    return data && !isNewsItem(data) ? importedCampaignOf(doc.id, data) : null;
  }

  async listImportedCampaigns(): Promise<ImportedCampaign[]> {
    const snapshot = await withCoreErrors(() => orderedBy(this.collection, 'finished_at', 'desc').get());
    return snapshot.docs.filter((doc) => !isNewsItem(doc.data())).map((doc) => importedCampaignOf(doc.id, doc.data()));
  }

  async listNewsItems(): Promise<NewsItem[]> {
    const snapshot = await withCoreErrors(() => this.collection.where('body', '>=', '').get());
    return snapshot.docs.map((doc) => newsItemOf(doc.id, doc.data())).sort(byNewestPublished);
  }

  async getNewsItem(id: string): Promise<NewsItem | null> {
    if (!isDocumentId(id)) return null;
    const doc = await withCoreErrors(() => this.collection.doc(id).get());
    const data = doc.data();
    return data && isNewsItem(data) ? newsItemOf(doc.id, data) : null;
  }

  async saveNewsItem(item: NewsItem): Promise<void> {
    this.checkId(item.id);
    const checked = NewsItemSchema.parse(item);
    await withCoreErrors(() =>
      this.collection
        .doc(checked.id)
        .set({
          subject: checked.subject,
          preview_url: null,
          body: checked.body,
          status: checked.status,
          ...instantFields({ finished_at: checked.publishAt, created_at: checked.createdAt, updated_at: checked.updatedAt }),
        }),
    );
  }

  async deleteNewsItem(id: string): Promise<boolean> {
    return deleteDocumentIf(this.collection, id, (doc) => isNewsItem(doc.data() ?? {}));
  }
}
