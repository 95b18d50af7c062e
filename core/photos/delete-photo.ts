import type { Admin } from '../admins/admin';
import { PHOTO_NOT_FOUND, photoFileKey } from './photos';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { FileStore } from '../shared/file-store.port';
import type { PhotoRepository } from './photo-repository.port';
import { flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { PHOTO_AUDIT_FIELDS } from './photo-schema';

export interface DeletePhotoDeps extends AuditTrailDeps {
  photos: PhotoRepository;
  files: FileStore;
  /** Told about copies that could not be removed after the record was (they are then unused). */
  reportFileCleanupError: (error: unknown) => void;
}

/** Deletes a photo: its record first (members stop seeing it at once), then its files. */
export class DeletePhoto {
  constructor(private readonly deps: DeletePhotoDeps) {}

  async execute(admin: Admin, photoId: string): Promise<void> {
    requirePermission(admin, 'photos.manage');
    const photo = await this.deps.photos.get(photoId);
    if (!photo || !(await this.deps.photos.delete(photo.id))) throw new NotFoundError(PHOTO_NOT_FOUND);
    await recordAdminAction(this.deps, admin, {
      action: 'photo.deleted',
      recordType: 'photo',
      recordId: photo.id,
      summary: `Deleted the photo "${photo.caption}"`,
      before: flat(photo, PHOTO_AUDIT_FIELDS),
      after: flat(null, PHOTO_AUDIT_FIELDS),
    });
    for (const variant of photo.variants) {
      try {
        await this.deps.files.delete(photoFileKey(photo.id, variant.file));
      } catch (error) {
        this.deps.reportFileCleanupError(error);
      }
    }
  }
}
