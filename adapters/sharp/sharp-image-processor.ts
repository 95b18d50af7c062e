import type { Sharp, SharpOptions } from 'sharp';
import { MAX_PHOTO_PIXELS, PHOTO_NOT_AN_IMAGE, scaledHeight } from '../../core/photos/photos';
import type { PhotoVariantFormat } from '../../core/photos/photo';
import { UnsupportedMediaTypeError } from '../../core/shared/errors';
import type { ImageInfo, ImageProcessor, ResizedImage } from '../../core/photos/image-processor.port';
import { onFirstUse } from '../first-use';

/** Speed against size: AVIF's default effort (4) takes seconds per copy on a small server. */
const ENCODERS: Record<PhotoVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
};

// libvips is loaded on the first photo, not at start: it holds about 30 MB of the server's memory
// that most of its life (no photo uploaded) never needs (docs/performance.md, memory).
const library = onFirstUse(() => import('sharp').then((loaded) => loaded.default));
function sharp(input: Uint8Array | Buffer, options?: SharpOptions): Promise<Sharp> {
  return library().then((make) => make(input, options));
}

// Photos are decoded one after another, whichever processor instance asks.
let decodingQueue: Promise<void> = Promise.resolve();
let decoding = 0;

/**
 * Images with sharp (libvips). The prebuilt sharp reads JPEG, PNG, WebP, GIF, TIFF, SVG and AVIF,
 * but not HEIC (its libheif has no HEVC decoder); what the app accepts is the core's rule.
 */
export class SharpImageProcessor implements ImageProcessor {
  /**
   * `onDecode` is told how many images are being decoded each time one starts (for tests: it is
   * never more than one).
   */
  constructor(private readonly options: { onDecode?: (decoding: number) => void } = {}) {}

  async inspect(bytes: Uint8Array): Promise<ImageInfo | null> {
    try {
      const meta = await (await sharp(bytes, { limitInputPixels: false })).metadata();
      if (!meta.format || !meta.width || !meta.height) return null;
      // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
      const turned = (meta.orientation ?? 1) >= 5;
      return { format: meta.format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
    } catch {
      return null;
    }
  }

  /** One image at a time: decoding takes memory outside the JavaScript heap (ADR 21). */
  resize(bytes: Uint8Array, widths: readonly number[], formats: readonly PhotoVariantFormat[]): Promise<ResizedImage[]> {
    const turn = decodingQueue.then(() => {
      decoding += 1;
      this.options.onDecode?.(decoding);
      return this.resizeNow(bytes, widths, formats).finally(() => {
        decoding -= 1;
      });
    });
    decodingQueue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async resizeNow(bytes: Uint8Array, widths: readonly number[], formats: readonly PhotoVariantFormat[]): Promise<ResizedImage[]> {
    const info = await this.inspect(bytes);
    if (!info) throw new UnsupportedMediaTypeError(PHOTO_NOT_AN_IMAGE);
    try {
      // Decoded, turned upright and shrunk to the largest copy once, reading the file in order
      // (libvips then keeps a few rows, not the whole picture, and JPEG shrinks while it decodes);
      // each copy starts from that. Only the first frame of an animated image is read. Nothing
      // is carried over from the original's metadata: sharp writes none unless asked (no
      // withMetadata/keepExif here), so the GPS position goes.
      const largest = Math.min(Math.max(...widths), info.width);
      const upright = await (
        await sharp(bytes, { autoOrient: true, failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true })
      )
        .resize({ width: largest, height: scaledHeight(info.width, info.height, largest), fit: 'fill', kernel: 'lanczos3' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const source = () => sharp(upright.data, { raw: upright.info });
      const copies: ResizedImage[] = [];
      for (const width of widths) {
        const target = Math.min(width, info.width);
        const height = scaledHeight(info.width, info.height, target);
        for (const format of formats) {
          const resized = (await source()).resize({ width: target, height, fit: 'fill', kernel: 'lanczos3' });
          const output = await ENCODERS[format](format === 'jpeg' ? resized.flatten({ background: '#ffffff' }) : resized).toBuffer({ resolveWithObject: true });
          copies.push({ format, width: output.info.width, height: output.info.height, bytes: new Uint8Array(output.data) });
        }
      }
      return copies;
    } catch (error) {
      if (error instanceof UnsupportedMediaTypeError) throw error;
      // The header read well but the picture does not decode (cut short, damaged).
      throw new UnsupportedMediaTypeError(PHOTO_NOT_AN_IMAGE);
    }
  }
}
