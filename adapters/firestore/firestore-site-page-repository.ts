import { SitePageSchema, isSitePageSlug, type SitePage } from '../../core/site-pages/site-page';
import type { SitePageRepository } from '../../core/site-pages/site-page-repository.port';
import { validSitePage } from '../stored-records';
import { FirestoreCollectionAdapter } from './firestore-collections';
import { withCoreErrors } from './firestore-errors';
import { instantFields } from './firestore-instants';
import { readDocument } from './firestore-read-document';

/** The edited pages in the `sitePages` collection, one document per page keyed by its slug. */
export class FirestoreSitePageRepository extends FirestoreCollectionAdapter implements SitePageRepository {
  protected readonly collectionName = 'sitePages';

  async get(slug: string): Promise<SitePage | null> {
    // Only a page's slug may name a document (no slash, nothing Firestore reserves).
    if (!isSitePageSlug(slug)) return null;
    const snapshot = await withCoreErrors(() => this.collection.doc(slug).get());
    return snapshot.exists ? readSitePage(snapshot) : null;
  }

  async list(): Promise<SitePage[]> {
    const snapshot = await withCoreErrors(() => this.collection.get());
    return snapshot.docs.map(readSitePage).sort((a, b) => (a.slug < b.slug ? -1 : 1));
  }

  async save(page: SitePage): Promise<void> {
    const { slug, title, body, updatedAt, updatedBy } = validSitePage(page);
    await withCoreErrors(() => this.collection.doc(slug).set({ title, body, updatedBy, ...instantFields({ updatedAt }) }));
  }
}

function readSitePage(snapshot: Parameters<typeof readDocument>[1]): SitePage {
  return readDocument(SitePageSchema, snapshot, { id: 'slug', instants: ['updatedAt'] });
}
