import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { PHOTOS_CHANGED_MEANWHILE, PhotoOrderSchema } from './photos';
import { ConflictError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { PhotoRepository } from './photo-repository.port';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { adminPhoto, type AdminPhoto, AUDITED_PHOTO } from './photo-schema';
import { UseCase } from '../shared/use-case';

export interface ReorderPhotosDeps extends AuditTrailDeps {
  photos: PhotoRepository;
  clock: Clock;
}

/**
 * Puts the photos in a new order: the whole list of ids, first shown first. Refused (409) when
 * it does not name every photo once, as when another admin added or deleted one meanwhile.
 */
export class ReorderPhotos extends UseCase<ReorderPhotosDeps> {
  async execute(admin: Admin, order: unknown): Promise<AdminPhoto[]> {
    const { ids } = permittedInput(admin, 'photos.manage', PhotoOrderSchema, order);
    const before = new Map((await this.deps.photos.list()).map((photo) => [photo.id, photo]));
    if (!(await this.deps.photos.reorder(ids, this.deps.clock.now().toISOString()))) throw new ConflictError(PHOTOS_CHANGED_MEANWHILE);
    const after = await this.deps.photos.list();
    for (const photo of after) {
      const old = before.get(photo.id);
      if (!old || old.position === photo.position) continue;
      await recordChange(this.deps, admin, AUDITED_PHOTO, {
        action: 'photo.moved',
        summary: `Moved the photo "${photo.caption}" to place ${photo.position + 1}`,
        before: old,
        after: photo,
      });
    }
    return after.map(adminPhoto);
  }
}
