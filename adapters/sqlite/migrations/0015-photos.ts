import { tablesMigration } from '../sqlite-schema';

/**
 * The member photos' records (SqlitePhotoRepository); their resized copies are files in
 * DATA_DIR/files (DirectoryFileStore), listed in `variants` (JSON).
 */
export const { up, down } = tablesMigration({
  photos: {
    columns:
      'id text primary, caption text, credit text, position integer, hidden integer, width integer, height integer, variants text, createdAt text, updatedAt text',
    more: (t) => t.index(['position', 'createdAt', 'id'], 'photos_order'),
  },
});
