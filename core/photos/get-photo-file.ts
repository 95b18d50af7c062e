import type { Admin } from '../admins/admin';
import { PHOTO_NOT_FOUND } from './photos';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { FileStore } from '../shared/file-store.port';
import type { PhotoRepository } from './photo-repository.port';
import { variantFile } from './photo-schema';

export interface PhotoFile {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * One resized copy of a photo. Members get copies of photos on show only; an admin (the second
 * argument) gets hidden ones too, for the photo screen.
 */
export class GetPhotoFile {
  constructor(private readonly deps: { photos: PhotoRepository; files: FileStore }) {}

  async execute(photoId: string, file: string, admin: Admin | null = null): Promise<PhotoFile> {
    if (admin) requirePermission(admin, 'photos.manage');
    const photo = await this.deps.photos.get(photoId);
    const found = photo && (admin || !photo.hidden) ? variantFile(photo, file) : null;
    const bytes = found ? await this.deps.files.get(found.key) : null;
    if (!found || !bytes) throw new NotFoundError(PHOTO_NOT_FOUND);
    return { contentType: found.contentType, bytes };
  }
}
