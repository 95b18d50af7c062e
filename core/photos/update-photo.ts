import type { Admin } from '../admins/admin';
import type { Photo } from './photo';
import { PHOTO_NOT_FOUND, PhotoChangeSchema } from './photos';
import { permittedChange } from '../admins/admin-record';
import { NotFoundError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { PhotoRepository } from './photo-repository.port';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { adminPhoto, type AdminPhoto, AUDITED_PHOTO } from './photo-schema';
import { UseCase } from '../shared/use-case';

export interface UpdatePhotoDeps extends AuditTrailDeps {
  photos: PhotoRepository;
  clock: Clock;
}

/** Changes a photo's caption or credit, or hides or shows it on the Home page. */
export class UpdatePhoto extends UseCase<UpdatePhotoDeps> {
  async execute(admin: Admin, photoId: string, change: unknown): Promise<AdminPhoto> {
    const { input: values, record: existing } = await permittedChange(
      admin,
      'photos.manage',
      { schema: PhotoChangeSchema, request: change },
      () => this.deps.photos.get(photoId),
      PHOTO_NOT_FOUND,
    );
    const updated: Photo = { ...existing, ...values, updatedAt: this.deps.clock.now().toISOString() };
    if (!(await this.deps.photos.update(updated))) throw new NotFoundError(PHOTO_NOT_FOUND);
    const what = values.hidden === true && !existing.hidden ? 'Hid' : values.hidden === false && existing.hidden ? 'Showed again' : 'Changed';
    await recordChange(this.deps, admin, AUDITED_PHOTO, {
      action: 'photo.updated',
      summary: `${what} the photo "${updated.caption}"`,
      before: existing,
      after: updated,
    });
    return adminPhoto(updated);
  }
}
