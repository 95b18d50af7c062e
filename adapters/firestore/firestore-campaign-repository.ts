import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { CampaignSchema, type Campaign } from '../../core/entities/campaign';
import { ValidationError } from '../../core/errors';
import type { CampaignRepository } from '../../core/ports/campaign-repository';
import { collectionOf, type FirestoreCollectionOptions } from './firestore-collections';
import { isDocumentId } from './firestore-document-ids';
import { withCoreErrors } from './firestore-errors';
import { instantFields, readInstant } from './firestore-instants';

/** E-mail campaigns in the `campaigns` collection, keyed by id, finished_at a Timestamp. */
export class FirestoreCampaignRepository implements CampaignRepository {
  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreCollectionOptions = {},
  ) {}

  private get collection() {
    return collectionOf(this.db, 'campaigns', this.options);
  }

  async listRecent(): Promise<Campaign[]> {
    // Firestore orders null below every Timestamp, so newest first puts unfinished ones last.
    const snapshot = await withCoreErrors(() =>
      this.collection.orderBy('finished_at', 'desc').orderBy(FieldPath.documentId(), 'asc').get(),
    );
    return snapshot.docs.map((doc) => {
      const data = doc.data();
      return CampaignSchema.parse({
        id: doc.id,
        subject: data.subject,
        finished_at: readInstant(data, 'finished_at'),
        preview_url: data.preview_url ?? null,
      });
    });
  }

  async put(campaign: Campaign): Promise<void> {
    if (!isDocumentId(campaign.id)) throw new ValidationError('A campaign id may not contain a slash or be reserved by Firestore');
    await withCoreErrors(() =>
      this.collection.doc(campaign.id).set({
        subject: campaign.subject,
        preview_url: campaign.preview_url,
        ...instantFields({ finished_at: campaign.finished_at }),
      }),
    );
  }
}
