import { z } from 'zod';
import type { Photo, PhotoVariantFormat } from './photo';

// Kept apart from the schemas, so that the members' photo panel loads no zod.
export { srcsetOf } from './photo-srcset';

/** The largest photo an admin may upload: 15 MB. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/**
 * The most pixels a photo may have: 40 megapixels, more than any phone camera's default (12 to 24
 * MP; a 48 MP phone saves 12 MP unless told otherwise). A small file can hold a huge image (a
 * "decompression bomb": a 12 kB 10000 x 10000 PNG took 8 s and 350 MB to decode), so the size is
 * read from the header and checked before anything is decoded.
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The formats accepted, by the decoder's name for them, and their names for people. */
export const ACCEPTED_PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const ACCEPTED_PHOTO_TYPES_TEXT = 'JPEG, PNG or WebP';
/** The content types a browser may label an accepted photo with (the file input's `accept`). */
export const PHOTO_INPUT_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * The widths the Home page's photo panel needs: about 320 px wide on a phone and 540 px beside
 * the water-level chart on a wide screen, at screen densities 1 to 3 (see member-photos.tsx).
 */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
/** Formats stored, best first: the page offers AVIF, then WebP, then JPEG for older browsers. */
export const PHOTO_FORMATS: readonly PhotoVariantFormat[] = ['avif', 'webp', 'jpeg'];

export const PHOTO_TOO_LARGE = `The photo is too large: it may be at most 15 MB.`;
export const PHOTO_TOO_MANY_PIXELS = `The photo has too many pixels: it may have at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`;
export const PHOTO_EMPTY = `No photo was sent: choose a ${ACCEPTED_PHOTO_TYPES_TEXT} file.`;
export const PHOTO_NOT_AN_IMAGE = `This file is not a photo the server can read: send a ${ACCEPTED_PHOTO_TYPES_TEXT} file.`;
export const PHOTO_HEIC_REFUSED = `HEIC/HEIF photos cannot be read here: send a ${ACCEPTED_PHOTO_TYPES_TEXT} file (on an iPhone, choose Settings › Camera › Formats › Most Compatible, or export the photo as JPEG).`;
export const PHOTO_NOT_FOUND = 'Photo not found';
export const PHOTOS_CHANGED_MEANWHILE = 'The photos were changed by someone else meanwhile. Please reload them and try again.';

/** The caption and credit an admin gives a photo; the caption is its alternative text. */
export const PhotoDetailsSchema = z.object({
  caption: z
    .string()
    .trim()
    .min(1, { error: 'Please describe the photo: the caption is read out to people who cannot see it' })
    .max(200, { error: 'The caption may be at most 200 characters' }),
  credit: z.string().trim().max(100, { error: 'The credit may be at most 100 characters' }).default(''),
});
export type PhotoDetails = z.infer<typeof PhotoDetailsSchema>;

/** An edit of a photo: any of its caption, credit and whether it is hidden. */
export const PhotoChangeSchema = z
  .object({
    caption: PhotoDetailsSchema.shape.caption.optional(),
    credit: z.string().trim().max(100, { error: 'The credit may be at most 100 characters' }).optional(),
    hidden: z.boolean().optional(),
  })
  .strict();
export type PhotoChange = z.infer<typeof PhotoChangeSchema>;

export const PhotoOrderSchema = z.object({ ids: z.array(z.string().min(1).max(64)).max(1000) }).strict();

export type UploadRefusal = { kind: 'too-large' | 'wrong-type'; message: string };

/**
 * Whether an upload of `size` bytes, read by the decoder as `info` (null: not an image it reads),
 * is refused, and why. The bytes decide, never the file's name or the type the browser claims.
 */
export function photoUploadRefusal(size: number, info: { format: string; width: number; height: number } | null): UploadRefusal | null {
  if (size > MAX_PHOTO_BYTES) return { kind: 'too-large', message: PHOTO_TOO_LARGE };
  if (size === 0) return { kind: 'wrong-type', message: PHOTO_EMPTY };
  if (info === null) return { kind: 'wrong-type', message: PHOTO_NOT_AN_IMAGE };
  if (info.format === 'heif' || info.format === 'heic') return { kind: 'wrong-type', message: PHOTO_HEIC_REFUSED };
  if (!(ACCEPTED_PHOTO_FORMATS as readonly string[]).includes(info.format)) return { kind: 'wrong-type', message: PHOTO_NOT_AN_IMAGE };
  if (info.width * info.height > MAX_PHOTO_PIXELS) return { kind: 'too-large', message: PHOTO_TOO_MANY_PIXELS };
  return null;
}

/**
 * The widths to make of a photo `width` pixels wide: each panel width the photo reaches, and
 * the photo's own width when it is narrower than the next (never enlarged: no blur, no waste).
 */
export function variantWidths(width: number): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= width);
  if (widths.length < PHOTO_WIDTHS.length && !widths.includes(width)) widths.push(width);
  return widths;
}

/** A copy's height at a width, keeping the photo's proportions (at least 1 pixel). */
export function scaledHeight(width: number, height: number, toWidth: number): number {
  return Math.max(1, Math.round((height * toWidth) / width));
}

const EXTENSIONS: Record<PhotoVariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
const CONTENT_TYPES: Record<PhotoVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** A copy's file name within its photo, e.g. `w640.webp`. */
export function variantFileName(width: number, format: PhotoVariantFormat): string {
  return `w${width}.${EXTENSIONS[format]}`;
}

export function variantContentType(format: PhotoVariantFormat): string {
  return CONTENT_TYPES[format];
}

/**
 * Where a photo's copy is kept in the FileStore: `photos/<folder>/<file>`. File keys are lower
 * case, ids are not, so the folder spells each capital as `_` and its small letter, and `_` as
 * `__`: two ids never share a folder.
 */
export function photoFileKey(photoId: string, file: string): string {
  const folder = [...photoId].map((c) => (c === '_' ? '__' : /[A-Z]/.test(c) ? `_${c.toLowerCase()}` : c)).join('');
  return `photos/p${folder}/${file}`;
}

/** Lowest position first; ties (two admins adding at once) oldest first, then by id. */
export function comparePhotos(a: Photo, b: Photo): number {
  if (a.position !== b.position) return a.position - b.position;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What members see: the photos not hidden, in the admins' order. */
export function visiblePhotos<P extends Photo>(photos: readonly P[]): P[] {
  return photos.filter((photo) => !photo.hidden).sort(comparePhotos);
}

/** The position a new photo takes: after every other. */
export function nextPhotoPosition(photos: readonly Pick<Photo, 'position'>[]): number {
  return photos.reduce((max, photo) => Math.max(max, photo.position + 1), 0);
}

/** Whether `ids` names each of the photos exactly once (a whole new order, not a part of one). */
export function isWholeOrder(photos: readonly Pick<Photo, 'id'>[], ids: readonly string[]): boolean {
  if (ids.length !== photos.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(photos.map((photo) => photo.id));
  return ids.every((id) => known.has(id));
}

/** The order with one photo moved one place up (-1) or down (+1); the same order at either end. */
export function movePhoto(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to], moved[from]];
  return moved;
}
