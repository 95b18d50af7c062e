import { z } from 'zod';
import { photoFileKey, variantContentType } from './photos';
import { PhotoSchema, PhotoVariantFormatSchema, type Photo } from './photo';

/** A copy as the page uses it: format, size and address. */
export const ListedPhotoVariantSchema = z.object({
  format: PhotoVariantFormatSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string(),
});

/** A photo as members' pages show it: caption (its alt text), credit, size and its copies' addresses. */
export const ListedPhotoSchema = z.object({
  id: z.string(),
  caption: z.string(),
  credit: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(ListedPhotoVariantSchema),
});
export type ListedPhoto = z.infer<typeof ListedPhotoSchema>;

/** A photo as the admin screen shows it: also its place, whether hidden, and when it was added. */
export const AdminPhotoSchema = ListedPhotoSchema.extend({
  position: z.number().int().nonnegative(),
  hidden: z.boolean(),
  createdAt: PhotoSchema.shape.createdAt,
  updatedAt: PhotoSchema.shape.updatedAt,
});
export type AdminPhoto = z.infer<typeof AdminPhotoSchema>;

export const PhotosResponseSchema = z.object({ photos: z.array(ListedPhotoSchema) });
export const AdminPhotosResponseSchema = z.object({ photos: z.array(AdminPhotoSchema) });
export const AdminPhotoResponseSchema = z.object({ photo: AdminPhotoSchema });

/** The address of a photo's copy for members (`/api/photos/{id}/{file}`) or admins (hidden ones too). */
export function photoFileUrl(photoId: string, file: string, audience: 'members' | 'admins'): string {
  const base = audience === 'members' ? '/api/photos' : '/api/admin/photos';
  return `${base}/${encodeURIComponent(photoId)}/files/${encodeURIComponent(file)}`;
}

export function listedPhoto(photo: Photo, audience: 'members' | 'admins' = 'members'): ListedPhoto {
  return {
    id: photo.id,
    caption: photo.caption,
    credit: photo.credit,
    width: photo.width,
    height: photo.height,
    variants: photo.variants.map((variant) => ({
      format: variant.format,
      width: variant.width,
      height: variant.height,
      url: photoFileUrl(photo.id, variant.file, audience),
    })),
  };
}

export function adminPhoto(photo: Photo): AdminPhoto {
  return { ...listedPhoto(photo, 'admins'), position: photo.position, hidden: photo.hidden, createdAt: photo.createdAt, updatedAt: photo.updatedAt };
}

/** Where a copy of a photo is stored and what it is served as. */
export function variantFile(photo: Photo, file: string): { key: string; contentType: string } | null {
  const variant = photo.variants.find((v) => v.file === file);
  return variant ? { key: photoFileKey(photo.id, variant.file), contentType: variantContentType(variant.format) } : null;
}

export const PHOTO_AUDIT_FIELDS = ['caption', 'credit', 'position', 'hidden'] as const;
