import express, { type Response } from 'express';
import { z } from 'zod';
import {
  MAX_PHOTO_BYTES,
  PHOTO_NOT_AN_IMAGE,
  PHOTO_NOT_FOUND,
  PHOTO_TOO_LARGE,
  PhotoChangeSchema,
  PhotoDetailsSchema,
  PhotoOrderSchema,
} from '../../../core/photos/photos';
import { UnsupportedMediaTypeError } from '../../../core/shared/errors';
import { DeletePhoto } from '../../../core/photos/delete-photo';
import { GetPhotoFile } from '../../../core/photos/get-photo-file';
import { ListAdminPhotos } from '../../../core/photos/list-admin-photos';
import { ListPhotos } from '../../../core/photos/list-photos';
import { AdminPhotoResponseSchema, AdminPhotosResponseSchema, PhotosResponseSchema } from '../../../core/photos/photo-schema';
import { ReorderPhotos } from '../../../core/photos/reorder-photos';
import { UpdatePhoto } from '../../../core/photos/update-photo';
import { UploadPhoto } from '../../../core/photos/upload-photo';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes, type SENT } from '../../http/api-routes';
import { AdminCollection } from '../../http/admin-collection';
import { readUpload, sendWithHeaders, uploadedBytes } from '../../http/route-helpers';
import { PAGE_READ, saying } from '../../http/route-parts';

const PhotoFileParamsSchema = z.object({
  id: z.string().min(1).max(200),
  file: z.string().regex(/^w[0-9]{1,5}\.(avif|webp|jpg)$/, 'must name a copy of the photo, e.g. w640.webp'),
});

/** The copies' addresses never change (a new photo gets a new id), so browsers may keep them a year. */
const MEMBERS_CACHE = 'public, max-age=31536000, immutable';
const ADMINS_CACHE = 'private, max-age=3600';

/**
 * Reads an upload's bytes whatever its content type (the bytes are checked, not the label), up
 * to the photo limit; a larger body is refused with the photos' own words. Runs after the
 * session and permission checks, so nobody else can make the server read 15 MB.
 */
const photoBody = readUpload({ parser: express.raw({ type: () => true, limit: MAX_PHOTO_BYTES }), tooLarge: PHOTO_TOO_LARGE });

/** A resized copy of a photo, in the format its name asks for. */
const IMAGE = { description: 'The image', schema: z.string().describe('Image bytes'), contentType: 'image/avif, image/webp or image/jpeg' };

const UPLOAD_ERRORS = {
  413: { description: `"${PHOTO_TOO_LARGE}" (or too many pixels)` },
  415: { description: `"${PHOTO_NOT_AN_IMAGE}" (or: HEIC cannot be read)` },
} as const;

/** The admin's photos screen (photos:manage). */
const PHOTOS_ADMIN = { action: 'photos.manage' } as const;
const NOT_FOUND = saying(PHOTO_NOT_FOUND);

function sendCopy(res: Response, file: { contentType: string; bytes: Uint8Array }, cache: string): typeof SENT {
  return sendWithHeaders(res, { 'Content-Type': file.contentType, 'Cache-Control': cache }, file.bytes);
}

export function registerPhotoRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    // Read into the home page, which shows them.
    ...PAGE_READ,
    path: '/api/photos',
    operationId: 'listPhotos',
    summary: "Members' photos on show, in order, with the addresses of their resized copies (AVIF, WebP, JPEG)",
    tag: 'photos',
    responses: { 200: { description: 'Photos', schema: PhotosResponseSchema } },
    handler: async () => reply(200, { photos: await ports.useCase(ListPhotos).execute() }),
  });

  routes.add({
    method: 'get',
    path: '/api/photos/:id/files/:file',
    operationId: 'getPhotoFile',
    summary: "One resized copy of a photo on show (cached for a year: a copy's address never changes)",
    tag: 'photos',
    access: 'public',
    params: PhotoFileParamsSchema,
    responses: { 200: IMAGE, 404: { description: '"Photo not found" (also for a hidden photo)' } },
    handler: async ({ params, res }) => sendCopy(res, await ports.useCase(GetPhotoFile).execute(params.id, params.file), MEMBERS_CACHE),
  });

  const photos = new AdminCollection(routes, { path: '/api/admin/photos', tag: 'admin photos', read: PHOTOS_ADMIN, write: PHOTOS_ADMIN, notFound: NOT_FOUND });
  photos.list({
    operationId: 'adminListPhotos',
    summary: 'Every photo, hidden ones too, in the rotation order',
    responses: { 200: { description: 'Photos', schema: AdminPhotosResponseSchema } },
    handler: async ({ admin }) => reply(200, { photos: await ports.useCase(ListAdminPhotos).execute(admin) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/photos/:id/files/:file',
    operationId: 'adminGetPhotoFile',
    summary: 'One resized copy of any photo, hidden ones too (the admin screen)',
    tag: 'admin photos',
    access: PHOTOS_ADMIN,
    params: PhotoFileParamsSchema,
    responses: { 200: IMAGE, 404: NOT_FOUND },
    handler: async ({ admin, params, res }) => sendCopy(res, await ports.useCase(GetPhotoFile).execute(params.id, params.file, admin), ADMINS_CACHE),
  });

  photos.create({
    operationId: 'adminUploadPhoto',
    summary: 'Upload a photo (the image bytes as the body; caption and credit in the query); it joins the end of the rotation',
    rawBody: {
      contentType: 'image/jpeg',
      description: 'The photo itself: JPEG, PNG or WebP, at most 15 MB (image/png and image/webp are read the same way; the bytes decide)',
      bytes: 'The image file',
    },
    query: PhotoDetailsSchema,
    before: [photoBody],
    responses: { 201: { description: 'Uploaded', schema: AdminPhotoResponseSchema }, ...UPLOAD_ERRORS },
    handler: async ({ admin, query, req }) => {
      // A JSON or form body was parsed before this route: it is not a photo.
      if (!Buffer.isBuffer(req.body)) throw new UnsupportedMediaTypeError(PHOTO_NOT_AN_IMAGE);
      return reply(201, { photo: await ports.useCase(UploadPhoto).execute(admin, uploadedBytes(req.body), query) });
    },
  });

  // Before /:id, which would otherwise take "order" for an id.
  photos.write({
    method: 'put',
    suffix: '/order',
    operationId: 'adminReorderPhotos',
    summary: 'Put the photos in a new order: every photo id once, first shown first',
    body: PhotoOrderSchema,
    responses: {
      200: { description: 'The photos in their new order', schema: AdminPhotosResponseSchema },
      409: { description: '"The photos were changed by someone else meanwhile. Please reload them and try again."' },
    },
    handler: async ({ admin, body }) => reply(200, { photos: await ports.useCase(ReorderPhotos).execute(admin, body) }),
  });

  photos.update({
    method: 'patch',
    operationId: 'adminUpdatePhoto',
    summary: "Change a photo's caption or credit, or hide or show it",
    body: PhotoChangeSchema,
    responses: { 200: { description: 'Changed', schema: AdminPhotoResponseSchema } },
    handler: async ({ admin, params, body }) => reply(200, { photo: await ports.useCase(UpdatePhoto).execute(admin, params.id, body) }),
  });

  photos.remove({
    operationId: 'adminDeletePhoto',
    summary: 'Delete a photo and its files',
    handler: async ({ admin, params }) => ports.useCase(DeletePhoto).execute(admin, params.id),
  });
}
