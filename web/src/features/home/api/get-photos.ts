import { PhotosResponseSchema, type ListedPhoto } from '@core/use-cases/photo-schema';
import { apiGet } from '../../../lib/api';

export type { ListedPhoto };

/** The members' photos on show, in the admins' order. */
export async function getPhotos(signal?: AbortSignal): Promise<ListedPhoto[]> {
  return (await apiGet('/api/photos', PhotosResponseSchema, { signal })).photos;
}
