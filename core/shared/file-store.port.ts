/**
 * Files kept beside the database: the club's documents (PDFs) and its photos (resized images).
 *
 * A key names one file: lower-case segments of letters, digits, '.', '_' and '-', joined by
 * '/', e.g. `documents/fees-2027` or `photos/p1/w640.webp` (see isFileKey). A file is at most
 * MAX_STORED_FILE_BYTES. What a file is (its content type, its name for a download) is kept
 * by the record that points at it, not here.
 */
export interface FileStore {
  /**
   * Stores the bytes under the key, replacing any file there. All or nothing: a reader sees the
   * old file or the new one, never a part; a put that fails or is interrupted leaves the old file
   * as it was. Throws ValidationError for a key that isFileKey refuses or bytes over the limit.
   */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, exactly as stored, or null when there is none under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; removing a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key whose text starts with the prefix (all keys for ''), in ascending order. */
  list(prefix?: string): Promise<string[]>;
}

/** The largest file a FileStore keeps: the 20 MB of a document upload, and a little room. */
export const MAX_STORED_FILE_BYTES = 21 * 1024 * 1024;

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Whether the text is a file key (see FileStore): no '..', no empty segment, at most 200 characters. */
export function isFileKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key) && !key.split('/').some((segment) => segment.includes('..'));
}
