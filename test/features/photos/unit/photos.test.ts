import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_PHOTO_FORMATS,
  comparePhotos,
  isWholeOrder,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  movePhoto,
  nextPhotoPosition,
  PHOTO_HEIC_REFUSED,
  PHOTO_NOT_AN_IMAGE,
  PHOTO_TOO_LARGE,
  PHOTO_TOO_MANY_PIXELS,
  PHOTO_WIDTHS,
  PhotoDetailsSchema,
  photoFileKey,
  photoUploadRefusal,
  scaledHeight,
  srcsetOf,
  variantFileName,
  variantWidths,
  visiblePhotos,
} from '../../../../core/photos/photos';
import type { Photo } from '../../../../core/photos/photo';
import { PhotoVariantSchema } from '../../../../core/photos/photo';
import { isFileKey } from '../../../../core/shared/file-store.port';

const photoArb = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  position: fc.nat({ max: 20 }),
  hidden: fc.boolean(),
  createdAt: fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }).map((ms) => new Date(ms).toISOString()),
});
const photos = fc
  .uniqueArray(photoArb, { selector: (p) => p.id, maxLength: 12 })
  .map((list) =>
    list.map((p): Photo => ({
      ...p,
      caption: `Photo ${p.id}`,
      credit: '',
      width: 1280,
      height: 853,
      variants: [{ file: 'w320.jpg', format: 'jpeg', width: 320, height: 213, bytes: 1 }],
      updatedAt: p.createdAt,
    })),
  );

describe('what members see', () => {
  it('exactly the photos not hidden, each once, lowest position first (ties: oldest, then id)', () => {
    fc.assert(
      fc.property(photos, (list) => {
        const shown = visiblePhotos(list);
        expect(shown.map((p) => p.id).sort()).toEqual(
          list
            .filter((p) => !p.hidden)
            .map((p) => p.id)
            .sort(),
        );
        for (let i = 1; i < shown.length; i += 1) expect(comparePhotos(shown[i - 1], shown[i])).toBeLessThan(0);
        // The order does not depend on the order the storage handed them over in.
        expect(visiblePhotos([...list].reverse()).map((p) => p.id)).toEqual(shown.map((p) => p.id));
      }),
    );
  });

  it('a new photo goes after every other', () => {
    fc.assert(
      fc.property(photos, (list) => {
        const next = nextPhotoPosition(list);
        for (const photo of list) expect(next).toBeGreaterThan(photo.position);
        expect(next).toBe(list.length === 0 ? 0 : Math.max(...list.map((p) => p.position)) + 1);
      }),
    );
  });
});

describe('orders', () => {
  it('a whole order is a permutation of the photo ids, and nothing else is', () => {
    const listAndOrder = photos.chain((list) =>
      fc.tuple(
        fc.constant(list),
        fc.shuffledSubarray(
          list.map((p) => p.id),
          { minLength: list.length, maxLength: list.length },
        ),
      ),
    );
    fc.assert(
      fc.property(listAndOrder, ([list, shuffled]) => {
        expect(isWholeOrder(list, shuffled)).toBe(true);
        if (shuffled.length > 0) {
          expect(isWholeOrder(list, shuffled.slice(1))).toBe(false);
          expect(isWholeOrder(list, [...shuffled, shuffled[0]])).toBe(false);
        }
        // One photo named twice and another left out.
        if (shuffled.length > 1) expect(isWholeOrder(list, [...shuffled.slice(1), shuffled[shuffled.length - 1]])).toBe(false);
        expect(isWholeOrder(list, [...shuffled, 'not a photo id'])).toBe(false);
      }),
    );
  });

  it('moving a photo up or down swaps it with its neighbour and keeps every id', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.constantFrom(-1 as const, 1 as const),
        (ids, pick, by) => {
          const id = ids[pick % ids.length];
          const moved = movePhoto(ids, id, by);
          expect([...moved].sort()).toEqual([...ids].sort());
          const from = ids.indexOf(id);
          const to = from + by;
          if (to < 0 || to >= ids.length) expect(moved).toEqual(ids);
          else {
            expect(moved.indexOf(id)).toBe(to);
            expect(movePhoto(moved, id, -by as -1 | 1)).toEqual(ids);
          }
        },
      ),
    );
  });
});

describe('uploads', () => {
  const info = fc.record({
    format: fc.constantFrom(...ACCEPTED_PHOTO_FORMATS),
    width: fc.integer({ min: 1, max: 20_000 }),
    height: fc.integer({ min: 1, max: 20_000 }),
  });

  it('accepts a JPEG, PNG or WebP of 1 byte to 15 MB and at most 100 megapixels, and refuses the rest with the reason', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * MAX_PHOTO_BYTES }), info, (size, read) => {
        const refusal = photoUploadRefusal(size, read);
        if (size > MAX_PHOTO_BYTES) expect(refusal).toEqual({ kind: 'too-large', message: PHOTO_TOO_LARGE });
        else if (size === 0) expect(refusal?.kind).toBe('wrong-type');
        else if (read.width * read.height > MAX_PHOTO_PIXELS) expect(refusal).toEqual({ kind: 'too-large', message: PHOTO_TOO_MANY_PIXELS });
        else expect(refusal).toBeNull();
      }),
    );
  });

  it('refuses every other format, and anything unreadable, as the wrong type whatever its size within the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_PHOTO_BYTES }),
        fc.oneof(fc.constantFrom('gif', 'svg', 'tiff', 'heif', 'pdf', 'jp2', 'raw', ''), fc.string()),
        (size, format) => {
          fc.pre(!(ACCEPTED_PHOTO_FORMATS as readonly string[]).includes(format));
          const refusal = photoUploadRefusal(size, { format, width: 100, height: 100 });
          expect(refusal?.kind).toBe('wrong-type');
          expect(refusal?.message).toContain('JPEG, PNG or WebP');
          expect(photoUploadRefusal(size, null)).toEqual({ kind: 'wrong-type', message: PHOTO_NOT_AN_IMAGE });
        },
      ),
    );
    expect(photoUploadRefusal(1000, { format: 'heif', width: 10, height: 10 })?.message).toBe(PHOTO_HEIC_REFUSED);
  });

  it('needs a caption (the alternative text) of up to 200 characters; the credit may be empty', () => {
    expect(PhotoDetailsSchema.safeParse({ caption: '  Race start  ' }).data).toEqual({ caption: 'Race start', credit: '' });
    expect(PhotoDetailsSchema.safeParse({ caption: '   ' }).success).toBe(false);
    expect(PhotoDetailsSchema.safeParse({ caption: 'x'.repeat(201) }).success).toBe(false);
    expect(PhotoDetailsSchema.safeParse({ caption: 'x', credit: 'y'.repeat(101) }).success).toBe(false);
  });
});

describe('copies', () => {
  it('widths: the panel widths the photo reaches, plus its own width when narrower than the widest; never wider than the photo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (width) => {
        const widths = variantWidths(width);
        expect(widths.length).toBeGreaterThan(0);
        expect(widths).toEqual([...widths].sort((a, b) => a - b));
        expect(new Set(widths).size).toBe(widths.length);
        for (const w of widths) expect(w).toBeLessThanOrEqual(width);
        for (const w of PHOTO_WIDTHS) if (w <= width) expect(widths).toContain(w);
        expect(Math.max(...widths)).toBe(Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]));
      }),
    );
  });

  it('heights keep the proportions, to the nearest pixel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 1280 }), (w, h, to) => {
        const height = scaledHeight(w, h, to);
        expect(height).toBeGreaterThanOrEqual(1);
        expect(Math.abs(height - (h * to) / w)).toBeLessThanOrEqual(Math.max(0.5, 1 - (h * to) / w));
      }),
    );
  });

  it('file names are valid copies, and every photo id gets its own folder of valid file keys', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        fc.integer({ min: 1, max: 1280 }),
        fc.constantFrom('avif' as const, 'webp' as const, 'jpeg' as const),
        (a, b, width, format) => {
          const file = variantFileName(width, format);
          expect(PhotoVariantSchema.shape.file.safeParse(file).success).toBe(true);
          expect(isFileKey(photoFileKey(a, file))).toBe(true);
          if (a !== b) expect(photoFileKey(a, file)).not.toBe(photoFileKey(b, file));
        },
      ),
    );
    expect(photoFileKey('aB', 'w1.jpg')).not.toBe(photoFileKey('ab', 'w1.jpg'));
    expect(photoFileKey('a_b', 'w1.jpg')).not.toBe(photoFileKey('aB', 'w1.jpg'));
  });

  it('srcset lists one format, narrowest first', () => {
    const variants = [
      { file: 'w640.webp', format: 'webp' as const, width: 640, height: 427, bytes: 1, url: '/b' },
      { file: 'w320.webp', format: 'webp' as const, width: 320, height: 213, bytes: 1, url: '/a' },
      { file: 'w320.jpg', format: 'jpeg' as const, width: 320, height: 213, bytes: 1, url: '/c' },
    ];
    expect(srcsetOf(variants, 'webp')).toBe('/a 320w, /b 640w');
    expect(srcsetOf(variants, 'jpeg')).toBe('/c 320w');
    expect(srcsetOf(variants, 'avif')).toBe('');
  });
});
