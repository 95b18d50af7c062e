import { comparePhotos, isWholeOrder } from '../../core/photos/photos';
import type { Photo } from '../../core/photos/photo';
import { ConflictError } from '../../core/shared/errors';
import type { PhotoRepository } from '../../core/photos/photo-repository.port';

export class MemoryPhotoRepository implements PhotoRepository {
  private readonly photos = new Map<string, Photo>();

  async list(): Promise<Photo[]> {
    return [...this.photos.values()].sort(comparePhotos).map((photo) => structuredClone(photo));
  }

  async get(id: string): Promise<Photo | null> {
    const photo = this.photos.get(id);
    return photo ? structuredClone(photo) : null;
  }

  async create(photo: Photo): Promise<void> {
    if (this.photos.has(photo.id)) throw new ConflictError(`A photo with id ${photo.id} exists`);
    this.photos.set(photo.id, structuredClone(photo));
  }

  async update(photo: Photo): Promise<boolean> {
    if (!this.photos.has(photo.id)) return false;
    this.photos.set(photo.id, structuredClone(photo));
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.photos.delete(id);
  }

  async reorder(ids: string[], updatedAt: string): Promise<boolean> {
    if (!isWholeOrder([...this.photos.values()], ids)) return false;
    ids.forEach((id, position) => {
      const photo = this.photos.get(id)!;
      if (photo.position !== position) this.photos.set(id, { ...photo, position, updatedAt });
    });
    return true;
  }
}
