import { DeletePhoto } from '../../core/use-cases/delete-photo';
import { GetPhotoFile } from '../../core/use-cases/get-photo-file';
import { ListAdminPhotos } from '../../core/use-cases/list-admin-photos';
import { ListPhotos } from '../../core/use-cases/list-photos';
import { ReorderPhotos } from '../../core/use-cases/reorder-photos';
import { UpdatePhoto } from '../../core/use-cases/update-photo';
import { UploadPhoto } from '../../core/use-cases/upload-photo';
import { auditTrail, type Feature, provide } from './feature';

export const photosFeature: Feature = {
  name: 'photos',
  useCases: ({ get, options }) => {
    return [
      provide(
        UploadPhoto,
        () =>
          new UploadPhoto({
            photos: get('photos'),
            files: get('files'),
            images: get('images'),
            ...auditTrail(get),
          }),
      ),
      provide(
        UpdatePhoto,
        () =>
          new UpdatePhoto({
            photos: get('photos'),
            ...auditTrail(get),
          }),
      ),
      provide(
        ReorderPhotos,
        () =>
          new ReorderPhotos({
            photos: get('photos'),
            ...auditTrail(get),
          }),
      ),
      provide(
        DeletePhoto,
        () =>
          new DeletePhoto({
            photos: get('photos'),
            files: get('files'),
            reportFileCleanupError: options.reportFileCleanupError,
            ...auditTrail(get),
          }),
      ),
      provide(ListPhotos, () => new ListPhotos({ photos: get('photos') })),
      provide(ListAdminPhotos, () => new ListAdminPhotos({ photos: get('photos') })),
      provide(GetPhotoFile, () => new GetPhotoFile({ photos: get('photos'), files: get('files') })),
    ];
  },
};
