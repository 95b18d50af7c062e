import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import type { Photo, PhotoVariant } from './photo';
import { nextPhotoPosition, PHOTO_FORMATS, PhotoDetailsSchema, photoFileKey, photoUploadRefusal, variantFileName, variantWidths } from './photos';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../shared/errors';
import type { Clock } from '../shared/clock.port';
import type { FileStore } from '../shared/file-store.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { ImageProcessor } from './image-processor.port';
import type { PhotoRepository } from './photo-repository.port';
import { type AuditTrailDeps, recordChange } from '../audit/audit-trail';
import { adminPhoto, type AdminPhoto, AUDITED_PHOTO } from './photo-schema';
import { UseCase } from '../shared/use-case';

export interface UploadPhotoDeps extends AuditTrailDeps {
  photos: PhotoRepository;
  files: FileStore;
  images: ImageProcessor;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * Adds a member photo at the end of the rotation: checks the bytes (not the name) are a JPEG, PNG
 * or WebP within the limits, stores its resized, metadata-free copies, then its record. A refused
 * or failed upload leaves no record and no files.
 */
export class UploadPhoto extends UseCase<UploadPhotoDeps> {
  async execute(admin: Admin, bytes: Uint8Array, details: unknown): Promise<AdminPhoto> {
    const { caption, credit } = permittedInput(admin, 'photos.manage', PhotoDetailsSchema, details);
    const info = bytes.byteLength === 0 ? null : await this.deps.images.inspect(bytes);
    const refusal = photoUploadRefusal(bytes.byteLength, info);
    if (refusal) throw refusal.kind === 'too-large' ? new PayloadTooLargeError(refusal.message) : new UnsupportedMediaTypeError(refusal.message);
    const copies = await this.deps.images.resize(bytes, variantWidths(info!.width), PHOTO_FORMATS);
    const id = this.deps.ids.next();
    const variants: PhotoVariant[] = copies.map((copy) => ({
      file: variantFileName(copy.width, copy.format),
      format: copy.format,
      width: copy.width,
      height: copy.height,
      bytes: copy.bytes.byteLength,
    }));
    const now = this.deps.clock.now().toISOString();
    const largest = copies.reduce((a, b) => (b.width > a.width ? b : a));
    const stored: string[] = [];
    let photo: Photo;
    try {
      for (const [i, copy] of copies.entries()) {
        const key = photoFileKey(id, variants[i].file);
        await this.deps.files.put(key, copy.bytes);
        stored.push(key);
      }
      photo = {
        id,
        caption,
        credit,
        position: nextPhotoPosition(await this.deps.photos.list()),
        hidden: false,
        width: largest.width,
        height: largest.height,
        variants,
        createdAt: now,
        updatedAt: now,
      };
      await this.deps.photos.create(photo);
    } catch (error) {
      // Nothing points at these files yet: remove them so a failed upload leaves nothing behind.
      await Promise.all(stored.map((key) => this.deps.files.delete(key).catch(() => undefined)));
      throw error;
    }
    await recordChange(this.deps, admin, AUDITED_PHOTO, { action: 'photo.uploaded', summary: `Uploaded the photo "${caption}"`, before: null, after: photo });
    return adminPhoto(photo);
  }
}
