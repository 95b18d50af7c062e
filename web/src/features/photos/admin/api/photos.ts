import { AdminPhotoResponseSchema, AdminPhotosResponseSchema, type AdminPhoto } from '@core/photos/photo-schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiDelete, apiGet, apiPatch, apiPut, apiUpload } from '../../../../lib/api';
import { adminQueryOptions, useCachedList } from '../../../../admin/shared/api/admin-query';

export type { AdminPhoto };

export async function listAdminPhotos(): Promise<AdminPhoto[]> {
  return (await apiGet('/api/admin/photos', AdminPhotosResponseSchema)).photos;
}

/** Uploads a photo's file as it is (the server checks and resizes it); the caption and credit go in the address. */
export async function uploadPhoto(file: Blob, details: { caption: string; credit: string }): Promise<AdminPhoto> {
  const query = new URLSearchParams({ caption: details.caption, credit: details.credit });
  return (await apiUpload('POST', `/api/admin/photos?${query.toString()}`, file, file.type || 'application/octet-stream', AdminPhotoResponseSchema)).photo;
}

export async function updatePhoto(id: string, change: { caption?: string; credit?: string; hidden?: boolean }): Promise<AdminPhoto> {
  return (await apiPatch(`/api/admin/photos/${encodeURIComponent(id)}`, change, AdminPhotoResponseSchema)).photo;
}

export async function reorderPhotos(ids: string[]): Promise<AdminPhoto[]> {
  return (await apiPut('/api/admin/photos/order', { ids }, AdminPhotosResponseSchema)).photos;
}

export async function deletePhoto(id: string): Promise<void> {
  await apiDelete(`/api/admin/photos/${encodeURIComponent(id)}`);
}

export const photosQueryOptions = () => adminQueryOptions(['photos'], listAdminPhotos);

export function usePhotos() {
  return useQuery(photosQueryOptions());
}

/**
 * The cache work of the photo changes: the answer goes into the cached list; after a 404 or 409
 * (another admin changed the list meanwhile) the list starts again from the server's.
 */
function usePhotosCache() {
  const list = useCachedList(photosQueryOptions());
  return {
    update: list.update,
    onError: (error: Error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) list.reset();
    },
  };
}

export function useUploadPhoto() {
  const cache = usePhotosCache();
  return useMutation({
    mutationFn: ({ file, caption, credit }: { file: Blob; caption: string; credit: string }) => uploadPhoto(file, { caption, credit }),
    onSuccess: (photo) => cache.update((photos) => [...photos, photo]),
  });
}

export function useUpdatePhoto() {
  const cache = usePhotosCache();
  return useMutation({
    mutationFn: ({ photo, change }: { photo: AdminPhoto; change: { caption?: string; credit?: string; hidden?: boolean } }) => updatePhoto(photo.id, change),
    onSuccess: (changed) => cache.update((photos) => photos.map((p) => (p.id === changed.id ? changed : p))),
    onError: cache.onError,
  });
}

export function useReorderPhotos() {
  const cache = usePhotosCache();
  return useMutation({
    mutationFn: ({ ids }: { photo: AdminPhoto; ids: string[] }) => reorderPhotos(ids),
    onSuccess: (moved) => cache.update(() => moved),
    onError: cache.onError,
  });
}

export function useDeletePhoto() {
  const cache = usePhotosCache();
  return useMutation({
    mutationFn: ({ photo }: { photo: AdminPhoto }) => deletePhoto(photo.id),
    onSuccess: (_, { photo }) => cache.update((photos) => photos.filter((p) => p.id !== photo.id)),
    onError: cache.onError,
  });
}
