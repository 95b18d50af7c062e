import { visiblePhotos } from './photos';
import type { PhotoRepository } from './photo-repository.port';
import { listedPhoto, type ListedPhoto } from './photo-schema';

/** The photos members see on the Home page: those not hidden, in the admins' order. */
export class ListPhotos {
  constructor(private readonly deps: { photos: PhotoRepository }) {}

  async execute(): Promise<ListedPhoto[]> {
    return visiblePhotos(await this.deps.photos.list()).map((photo) => listedPhoto(photo));
  }
}
