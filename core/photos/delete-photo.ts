import type { Admin } from '../admins/admin';
import { PHOTO_NOT_FOUND, photoFileKey } from './photos';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { FileStore } from '../shared/file-store.port';
import type { PhotoRepository } from './photo-repository.port';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { AUDITED_PHOTO } from './photo-schema';
import { UseCase } from '../shared/use-case';

export interface DeletePhotoDeps extends AuditTrailDeps {
  photos: PhotoRepository;
  files: FileStore;
  /** Told about copies that could not be removed after the record was (they are then unused). */
  reportFileCleanupError: (error: unknown) => void;
}

/** Deletes a photo: its record first (members stop seeing it at once), then its files. */
export class DeletePhoto extends UseCase<DeletePhotoDeps> {
  async execute(admin: Admin, photoId: string): Promise<void> {
    requirePermission(admin, 'photos.manage');
    const photo = await this.deps.photos.get(photoId);
    if (!photo || !(await this.deps.photos.delete(photo.id))) throw new NotFoundError(PHOTO_NOT_FOUND);
    await recordChange(this.deps, admin, AUDITED_PHOTO, {
      action: 'photo.deleted',
      summary: `Deleted the photo "${photo.caption}"`,
      before: photo,
      after: null,
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
