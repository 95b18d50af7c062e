import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { PhotoRepository } from './photo-repository.port';
import { adminPhoto, type AdminPhoto } from './photo-schema';

/** Every photo, hidden ones too, in the rotation's order: the admin's photo screen. */
export class ListAdminPhotos {
  constructor(private readonly deps: { photos: PhotoRepository }) {}

  async execute(admin: Admin): Promise<AdminPhoto[]> {
    requirePermission(admin, 'photos.manage');
    return (await this.deps.photos.list()).map(adminPhoto);
  }
}
