import { AdminPhotoResponseSchema, AdminPhotosResponseSchema, type AdminPhoto } from '@core/use-cases/photo-schema';
import { apiDelete, apiGet, apiPatch, apiPut, apiUpload } from '../../../../lib/api';

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
