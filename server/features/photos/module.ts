import { DeletePhoto } from '../../../core/photos/delete-photo';
import { GetPhotoFile } from '../../../core/photos/get-photo-file';
import { ListAdminPhotos } from '../../../core/photos/list-admin-photos';
import { ListPhotos } from '../../../core/photos/list-photos';
import { ReorderPhotos } from '../../../core/photos/reorder-photos';
import { UpdatePhoto } from '../../../core/photos/update-photo';
import { UploadPhoto } from '../../../core/photos/upload-photo';
import { auditTrail, type Feature, provide } from '../feature';

export const photosFeature: Feature = {
  name: 'photos',
  useCases: ({ get, options }) => {
    return [
      provide(UploadPhoto, () => new UploadPhoto({ photos: get('photos'), files: get('files'), images: get('images'), ...auditTrail(get) })),
      provide(UpdatePhoto, () => new UpdatePhoto({ photos: get('photos'), ...auditTrail(get) })),
      provide(ReorderPhotos, () => new ReorderPhotos({ photos: get('photos'), ...auditTrail(get) })),
      provide(
        DeletePhoto,
        () => new DeletePhoto({ photos: get('photos'), files: get('files'), reportFileCleanupError: options.reportFileCleanupError, ...auditTrail(get) }),
      ),
      provide(ListPhotos, () => new ListPhotos({ photos: get('photos') })),
      provide(ListAdminPhotos, () => new ListAdminPhotos({ photos: get('photos') })),
      provide(GetPhotoFile, () => new GetPhotoFile({ photos: get('photos'), files: get('files') })),
    ];
  },
};
