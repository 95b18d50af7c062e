import type { Admin } from '../entities/admin';
import { requirePermission } from '../domain/permissions';
import type { PhotoRepository } from '../ports/photo-repository';
import { adminPhoto, type AdminPhoto } from './photo-schema';
import { UseCase } from './use-case';

/** Every photo, hidden ones too, in the rotation's order: the admin's photo screen. */
export class ListAdminPhotos extends UseCase<{ photos: PhotoRepository }> {
  async execute(admin: Admin): Promise<AdminPhoto[]> {
    requirePermission(admin, 'photos.manage');
    return (await this.deps.photos.list()).map(adminPhoto);
  }
}
