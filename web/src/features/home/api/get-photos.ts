import type { ListedPhoto } from '@core/photos/photo-schema';
import { apiQuery, useRead } from '../../../lib/reads';

export type { ListedPhoto };

/**
 * The members' photos on show, in the admins' order (GET /api/photos): a page read, so the home
 * page carries them. Its schema is loaded only when an answer is read in the browser.
 */
export const photosRead = apiQuery(
  ['photos'],
  '/api/photos',
  async () => (await import('@core/photos/photo-schema')).PhotosResponseSchema,
  (answer) => answer.photos,
);

/** The photos the home page rotates through. */
export function usePhotos() {
  return useRead(photosRead);
}
