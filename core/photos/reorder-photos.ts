import type { Admin } from '../admins/admin';
import { PHOTOS_CHANGED_MEANWHILE, PhotoOrderSchema } from './photos';
import { requirePermission } from '../admins/permissions';
import { ConflictError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { PhotoRepository } from './photo-repository.port';
import { flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { parseInput } from '../shared/parse-input';
import { adminPhoto, PHOTO_AUDIT_FIELDS, type AdminPhoto } from './photo-schema';

export interface ReorderPhotosDeps extends AuditTrailDeps {
  photos: PhotoRepository;
  clock: Clock;
}

/**
 * Puts the photos in a new order: the whole list of ids, first shown first. Refused (409) when
 * it does not name every photo once, as when another admin added or deleted one meanwhile.
 */
export class ReorderPhotos {
  constructor(private readonly deps: ReorderPhotosDeps) {}

  async execute(admin: Admin, order: unknown): Promise<AdminPhoto[]> {
    requirePermission(admin, 'photos.manage');
    const { ids } = parseInput(PhotoOrderSchema, order);
    const before = new Map((await this.deps.photos.list()).map((photo) => [photo.id, photo]));
    if (!(await this.deps.photos.reorder(ids, this.deps.clock.now().toISOString()))) throw new ConflictError(PHOTOS_CHANGED_MEANWHILE);
    const after = await this.deps.photos.list();
    for (const photo of after) {
      const old = before.get(photo.id);
      if (!old || old.position === photo.position) continue;
      await recordAdminAction(this.deps, admin, {
        action: 'photo.moved',
        recordType: 'photo',
        recordId: photo.id,
        summary: `Moved the photo "${photo.caption}" to place ${photo.position + 1}`,
        before: flat(old, PHOTO_AUDIT_FIELDS),
        after: flat(photo, PHOTO_AUDIT_FIELDS),
      });
    }
    return after.map(adminPhoto);
  }
}
