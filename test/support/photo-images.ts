import sharp from 'sharp';

/** A GPS position written into test photos' EXIF (the GPS IFD is IFD3 in libvips' naming). */
export const GPS_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'Pocket 1', Copyright: 'A. Member' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2646/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3954/100' },
};

/**
 * A camera-like JPEG: `width` × `height` as stored, with EXIF naming a GPS position and an
 * orientation (6: the picture is to be turned a quarter clockwise, so it shows `height` wide).
 */
export async function jpegWithGps(options: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  // Two colours side by side, so turning the picture shows in its pixels too.
  const left = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: '#d62828' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#1d4e89' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif(GPS_EXIF)
    .withMetadata({ orientation: options.orientation ?? 1 })
    .toBuffer();
}

export async function pngImage(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 40, g: 160, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

export async function webpImage(width = 700, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#f4a261' } })
    .webp()
    .toBuffer();
}

/** A GIF: an image, but not of a type accepted for photos. */
export async function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 50, height: 50, channels: 3, background: '#000000' } })
    .gif()
    .toBuffer();
}

/** Whether EXIF bytes hold a pointer to a GPS IFD (tag 0x8825), in either byte order. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
