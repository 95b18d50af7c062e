import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SharpImageProcessor } from '../../../../adapters/sharp/sharp-image-processor';
import { PHOTO_FORMATS, variantWidths } from '../../../../core/photos/photos';
import { UnsupportedMediaTypeError } from '../../../../core/shared/errors';
import { exifHasGps, gifImage, jpegWithGps, pngImage, webpImage } from '../../../support/photo-images';

const images = new SharpImageProcessor();
const DECODER_FORMAT = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as const;

describe('SharpImageProcessor', () => {
  it('reads the format and upright size from the bytes', async () => {
    expect(await images.inspect(await jpegWithGps({ width: 1600, height: 1200, orientation: 1 }))).toEqual({ format: 'jpeg', width: 1600, height: 1200 });
    // Orientation 6: stored landscape, shown portrait.
    expect(await images.inspect(await jpegWithGps({ width: 1600, height: 1200, orientation: 6 }))).toEqual({ format: 'jpeg', width: 1200, height: 1600 });
    expect(await images.inspect(await pngImage(800, 600))).toEqual({ format: 'png', width: 800, height: 600 });
    expect(await images.inspect(await webpImage(700, 400))).toEqual({ format: 'webp', width: 700, height: 400 });
    expect((await images.inspect(await gifImage()))?.format).toBe('gif');
    const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .avif()
      .toBuffer();
    expect((await images.inspect(avif))?.format).toBe('heif');
  });

  it('answers null for bytes that are no image', async () => {
    expect(await images.inspect(new TextEncoder().encode('%PDF-1.7 not a photo'))).toBeNull();
    expect(await images.inspect(new Uint8Array(0))).toBeNull();
  });

  it('makes every width in every format, upright, with all metadata and the GPS position gone', async () => {
    const original = await jpegWithGps({ width: 1600, height: 1200, orientation: 6 });
    const meta = await sharp(original).metadata();
    // The test photo really carries what must be removed.
    expect(exifHasGps(meta.exif)).toBe(true);
    expect(meta.exif?.toString('latin1')).toContain('TestCam');
    expect(meta.orientation).toBe(6);

    // Upright it is 1200 wide: the 1280 copy would be an enlargement, so the photo's own width stands in.
    const widths = variantWidths(1200);
    expect(widths).toEqual([320, 640, 960, 1200]);
    const copies = await images.resize(original, widths, PHOTO_FORMATS);
    expect(copies.map((c) => `${c.format}@${c.width}x${c.height}`).sort()).toEqual(
      widths.flatMap((w) => PHOTO_FORMATS.map((f) => `${f}@${w}x${Math.round((w * 1600) / 1200)}`)).sort(),
    );
    for (const copy of copies) {
      const read = await sharp(copy.bytes).metadata();
      expect(read.format).toBe(DECODER_FORMAT[copy.format]);
      expect([read.width, read.height]).toEqual([copy.width, copy.height]);
      expect(read.exif).toBeUndefined();
      expect(exifHasGps(read.exif)).toBe(false);
      expect(read.xmp).toBeUndefined();
      expect(read.iptc).toBeUndefined();
      expect(read.orientation ?? 1).toBe(1);
      expect(Buffer.from(copy.bytes).toString('latin1')).not.toContain('TestCam');
    }
    // Turned a quarter clockwise: the red left half of the stored picture is now its top half.
    const jpeg320 = copies.find((c) => c.format === 'jpeg' && c.width === 320)!;
    const { data, info } = await sharp(jpeg320.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [topRed, , topBlue] = pixel(160, 40);
    const [bottomRed, , bottomBlue] = pixel(160, info.height - 40);
    expect(topRed).toBeGreaterThan(topBlue);
    expect(bottomBlue).toBeGreaterThan(bottomRed);
  });

  it('never enlarges a small photo', async () => {
    const copies = await images.resize(await pngImage(500, 250), [320, 500], ['webp']);
    expect(copies.map((c) => [c.width, c.height])).toEqual([
      [320, 160],
      [500, 250],
    ]);
  });

  it('refuses bytes that look like an image but do not decode', async () => {
    const whole = await jpegWithGps({ width: 800, height: 600 });
    const cut = whole.subarray(0, Math.floor(whole.length / 3));
    await expect(images.resize(cut, [320], ['jpeg'])).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    await expect(images.resize(new TextEncoder().encode('not an image'), [320], ['jpeg'])).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
  });

  it('decodes one photo at a time, however many are resized at once', async () => {
    const seen: number[] = [];
    const watched = new SharpImageProcessor({ onDecode: (decoding) => seen.push(decoding) });
    const photos = await Promise.all([pngImage(2400, 1800), webpImage(2000, 1500), jpegWithGps({ width: 2200, height: 1600 }), pngImage(1800, 2400)]);
    const copies = await Promise.all(photos.map((photo) => watched.resize(photo, [320, 1280], ['jpeg'])));
    expect(copies.map((c) => c.map((copy) => copy.width))).toEqual([
      [320, 1280],
      [320, 1280],
      [320, 1280],
      [320, 1280],
    ]);
    expect(seen).toEqual([1, 1, 1, 1]);
    // A failed decode does not hold up the next.
    await expect(watched.resize(new Uint8Array([1, 2, 3]), [320], ['jpeg'])).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    expect((await watched.resize(photos[0], [320], ['jpeg']))[0].width).toBe(320);
  });
});
