import { visiblePhotos } from './photos';
import type { PhotoRepository } from './photo-repository.port';
import { listedPhoto, type ListedPhoto } from './photo-schema';
import { UseCase } from '../shared/use-case';

/** The photos members see on the Home page: those not hidden, in the admins' order. */
export class ListPhotos extends UseCase<{ photos: PhotoRepository }> {
  async execute(): Promise<ListedPhoto[]> {
    return visiblePhotos(await this.deps.photos.list()).map((photo) => listedPhoto(photo));
  }
}
