import { queryOptions } from '@tanstack/react-query';
import { PhotosResponseSchema, type ListedPhoto } from '@core/photos/photo-schema';
import { apiGet } from '../../../lib/api';
import { useQueryState } from '../../../lib/query';

export type { ListedPhoto };

/** The members' photos on show, in the admins' order (GET /api/photos). */
export async function getPhotos(signal?: AbortSignal): Promise<ListedPhoto[]> {
  return (await apiGet('/api/photos', PhotosResponseSchema, { signal })).photos;
}

export function photosQueryOptions() {
  return queryOptions({ queryKey: ['photos'], queryFn: ({ signal }) => getPhotos(signal) });
}

/** The photos the home page rotates through. */
export function usePhotos() {
  return useQueryState(photosQueryOptions());
}
