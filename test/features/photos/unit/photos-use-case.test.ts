import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { MemoryFileStore } from '../../../../adapters/memory/memory-file-store';
import { MemoryPhotoRepository } from '../../../../adapters/memory/memory-photo-repository';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { PHOTO_HEIC_REFUSED, PHOTO_TOO_LARGE, PHOTO_TOO_MANY_PIXELS } from '../../../../core/photos/photos';
import type { PhotoVariantFormat } from '../../../../core/photos/photo';
import { PayloadTooLargeError, PermissionError, UnavailableError, UnsupportedMediaTypeError, ValidationError } from '../../../../core/shared/errors';
import type { ImageInfo, ImageProcessor } from '../../../../core/photos/image-processor.port';
import { DeletePhoto } from '../../../../core/photos/delete-photo';
import { GetPhotoFile } from '../../../../core/photos/get-photo-file';
import { ListPhotos } from '../../../../core/photos/list-photos';
import { UpdatePhoto } from '../../../../core/photos/update-photo';
import { UploadPhoto } from '../../../../core/photos/upload-photo';
import { withPermissions } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

/** Reads the size the test says and makes small fake copies (the real encoder has its own test). */
class FakeImages implements ImageProcessor {
  constructor(private readonly info: ImageInfo | null) {}
  async inspect(): Promise<ImageInfo | null> {
    return this.info;
  }
  async resize(_bytes: Uint8Array, widths: readonly number[], formats: readonly PhotoVariantFormat[]) {
    return widths.flatMap((width) =>
      formats.map((format) => ({
        format,
        width,
        height: Math.round((width * this.info!.height) / this.info!.width),
        bytes: new Uint8Array([width % 256, format.length]),
      })),
    );
  }
}

/** A file store that breaks at the n-th put, as a full disk would. */
class BreakingFileStore extends MemoryFileStore {
  private puts = 0;
  constructor(private readonly breakAt: number) {
    super();
  }
  override async put(key: string, bytes: Uint8Array): Promise<void> {
    this.puts += 1;
    if (this.puts === this.breakAt) throw new UnavailableError('disk full');
    return super.put(key, bytes);
  }
}

function world(info: ImageInfo | null = { format: 'jpeg', width: 2000, height: 1500 }, files = new MemoryFileStore()) {
  const deps = {
    photos: new MemoryPhotoRepository(),
    files,
    images: new FakeImages(info),
    ids: new SequentialIdGenerator('Ph'),
    clock: new FixedClock('2026-06-01T09:00:00.000Z'),
    audit: new MemoryAuditLog(),
  };
  return { ...deps, upload: new UploadPhoto(deps) };
}
const editor = anAdmin({ permissions: ['content:write'] });
const bytes = new Uint8Array(1000);

describe('UploadPhoto', () => {
  it('stores twelve copies and the record at the end of the rotation, and audits it', async () => {
    const w = world();
    const photo = await w.upload.execute(editor, bytes, { caption: ' Jetty ', credit: 'Ann' });
    expect(photo).toMatchObject({ caption: 'Jetty', credit: 'Ann', position: 0, hidden: false, width: 1280, height: 960 });
    expect(await w.files.list('photos/')).toHaveLength(12);
    expect((await w.upload.execute(editor, bytes, { caption: 'Second' })).position).toBe(1);
    expect((await w.audit.list({ limit: 10 })).map((e) => [e.action, e.recordType])).toEqual([
      ['photo.uploaded', 'photo'],
      ['photo.uploaded', 'photo'],
    ]);
  });

  it('refuses without content:write, a bad caption, the wrong type and too much, storing nothing', async () => {
    const cases: [ReturnType<typeof world>, Uint8Array, object, unknown][] = [
      [world(), bytes, { caption: 'x' }, PermissionError],
      [world(), bytes, { caption: '' }, ValidationError],
      [world(null), bytes, { caption: 'x' }, UnsupportedMediaTypeError],
      [world({ format: 'heif', width: 10, height: 10 }), bytes, { caption: 'x' }, PHOTO_HEIC_REFUSED],
      [world({ format: 'gif', width: 10, height: 10 }), bytes, { caption: 'x' }, UnsupportedMediaTypeError],
      [world(), new Uint8Array(15 * 1024 * 1024 + 1), { caption: 'x' }, PHOTO_TOO_LARGE],
      [world({ format: 'png', width: 20_000, height: 10_000 }), bytes, { caption: 'x' }, PHOTO_TOO_MANY_PIXELS],
    ];
    for (const [w, body, details, expected] of cases) {
      const who = expected === PermissionError ? withPermissions(['events:write']) : editor;
      const attempt = w.upload.execute(who, body, details);
      if (typeof expected === 'string') await expect(attempt).rejects.toThrow(expected);
      else await expect(attempt).rejects.toBeInstanceOf(expected);
      expect(await w.photos.list()).toEqual([]);
      expect(await w.files.list()).toEqual([]);
      expect(await w.audit.list({ limit: 10 })).toEqual([]);
    }
    await expect(world().upload.execute(editor, new Uint8Array(15 * 1024 * 1024 + 1), { caption: 'x' })).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it('a file store failing half-way leaves no record and removes the copies already written', async () => {
    const w = world(undefined, new BreakingFileStore(7));
    await expect(w.upload.execute(editor, bytes, { caption: 'x' })).rejects.toBeInstanceOf(UnavailableError);
    expect(await w.photos.list()).toEqual([]);
    expect(await w.files.list()).toEqual([]);
    expect(await w.audit.list({ limit: 10 })).toEqual([]);
  });
});

describe('hiding and deleting', () => {
  it('a hidden photo leaves the members list and its files are refused to members, not to admins', async () => {
    const w = world();
    const photo = await w.upload.execute(editor, bytes, { caption: 'x' });
    const list = new ListPhotos(w);
    const files = new GetPhotoFile(w);
    expect((await list.execute()).map((p) => p.id)).toEqual([photo.id]);
    await new UpdatePhoto(w).execute(editor, photo.id, { hidden: true });
    expect(await list.execute()).toEqual([]);
    await expect(files.execute(photo.id, 'w320.jpg')).rejects.toThrow('Photo not found');
    expect((await files.execute(photo.id, 'w320.jpg', editor)).contentType).toBe('image/jpeg');
    await expect(files.execute(photo.id, 'w320.jpg', withPermissions(['events:read']))).rejects.toBeInstanceOf(PermissionError);
  });

  it('deleting removes the record and every copy', async () => {
    const w = world();
    const photo = await w.upload.execute(editor, bytes, { caption: 'x' });
    await new DeletePhoto({ ...w, reportFileCleanupError: () => {} }).execute(editor, photo.id);
    expect(await w.photos.list()).toEqual([]);
    expect(await w.files.list()).toEqual([]);
    await expect(new DeletePhoto({ ...w, reportFileCleanupError: () => {} }).execute(editor, photo.id)).rejects.toThrow('Photo not found');
  });
});
