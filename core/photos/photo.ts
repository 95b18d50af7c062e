import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/** The image formats a photo's resized copies are stored in: AVIF and WebP, with JPEG for older browsers. */
export const PhotoVariantFormatSchema = z.enum(['avif', 'webp', 'jpeg']);
export type PhotoVariantFormat = z.infer<typeof PhotoVariantFormatSchema>;

/** One resized copy of a photo: its file name within the photo (e.g. `w640.webp`), format and size. */
export const PhotoVariantSchema = z.object({
  file: z.string().regex(/^w[0-9]{1,5}\.(avif|webp|jpg)$/),
  format: PhotoVariantFormatSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
});
export type PhotoVariant = z.infer<typeof PhotoVariantSchema>;

/**
 * A member photo shown on the Home page: its caption (the image's alternative text), the credit,
 * its place in the rotation (lowest position first), whether it is hidden, its size after
 * auto-rotation, and its resized copies (kept in the FileStore, see photoFileKey).
 */
export const PhotoSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  caption: z.string().min(1).max(200),
  credit: z.string().max(100),
  position: z.number().int().nonnegative(),
  hidden: z.boolean(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(PhotoVariantSchema).min(1),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type Photo = z.infer<typeof PhotoSchema>;
