import type { PhotoVariantFormat } from './photo';

/** What an image's bytes say it is: its format as read from the bytes, and its upright size. */
export interface ImageInfo {
  /** The decoder's name for the format: 'jpeg', 'png', 'webp', 'heif', 'gif', 'svg', 'tiff', ... */
  format: string;
  /** Width and height after turning the image as its EXIF orientation says. */
  width: number;
  height: number;
}

export interface ResizedImage {
  format: PhotoVariantFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** Reads and resizes images (photos). */
export interface ImageProcessor {
  /**
   * The image's format and upright size, read from its bytes (never from a name), or null when
   * the bytes are not an image this processor can read.
   */
  inspect(bytes: Uint8Array): Promise<ImageInfo | null>;
  /**
   * One copy per width and format: turned upright by its EXIF orientation, scaled to the width
   * (never larger than the image) keeping its proportions, with every piece of metadata (EXIF
   * with its GPS location, XMP, IPTC, ICC comments) left out. Throws UnsupportedMediaTypeError
   * when the bytes cannot be decoded.
   */
  resize(bytes: Uint8Array, widths: readonly number[], formats: readonly PhotoVariantFormat[]): Promise<ResizedImage[]>;
}
