import type { Photo } from './photo';

/** The member photos' records (their files are in the FileStore). */
export interface PhotoRepository {
  /** Every photo, hidden ones too, lowest position first (ties: oldest first, then by id). */
  list(): Promise<Photo[]>;
  /** The photo with this id, or null. */
  get(id: string): Promise<Photo | null>;
  /** Stores a new photo. Throws ConflictError when a photo with its id exists. */
  create(photo: Photo): Promise<void>;
  /** Replaces a stored photo's record; false (nothing changed) when there is no photo with its id. */
  update(photo: Photo): Promise<boolean>;
  /** Removes the photo's record; false when there was none. */
  delete(id: string): Promise<boolean>;
  /**
   * Gives the photos positions 0, 1, 2, ... in the order of `ids`, at `updatedAt`, all at once.
   * Only when `ids` names every stored photo exactly once: otherwise (a photo added or removed
   * meanwhile) nothing changes and it returns false.
   */
  reorder(ids: string[], updatedAt: string): Promise<boolean>;
}
