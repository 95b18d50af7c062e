import type { Admin } from '../admins/admin';
import type { Photo } from './photo';
import { PHOTO_NOT_FOUND, PhotoChangeSchema } from './photos';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { PhotoRepository } from './photo-repository.port';
import { flat, recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { parseInput } from '../shared/parse-input';
import { adminPhoto, PHOTO_AUDIT_FIELDS, type AdminPhoto } from './photo-schema';

export interface UpdatePhotoDeps extends AuditTrailDeps {
  photos: PhotoRepository;
  clock: Clock;
}

/** Changes a photo's caption or credit, or hides or shows it on the Home page. */
export class UpdatePhoto {
  constructor(private readonly deps: UpdatePhotoDeps) {}

  async execute(admin: Admin, photoId: string, change: unknown): Promise<AdminPhoto> {
    requirePermission(admin, 'photos.manage');
    const values = parseInput(PhotoChangeSchema, change);
    const existing = await this.deps.photos.get(photoId);
    if (!existing) throw new NotFoundError(PHOTO_NOT_FOUND);
    const updated: Photo = { ...existing, ...values, updatedAt: this.deps.clock.now().toISOString() };
    if (!(await this.deps.photos.update(updated))) throw new NotFoundError(PHOTO_NOT_FOUND);
    const what =
      values.hidden === true && !existing.hidden ? 'Hid' : values.hidden === false && existing.hidden ? 'Showed again' : 'Changed';
    await recordAdminAction(this.deps, admin, {
      action: 'photo.updated',
      recordType: 'photo',
      recordId: updated.id,
      summary: `${what} the photo "${updated.caption}"`,
      before: flat(existing, PHOTO_AUDIT_FIELDS),
      after: flat(updated, PHOTO_AUDIT_FIELDS),
    });
    return adminPhoto(updated);
  }
}
