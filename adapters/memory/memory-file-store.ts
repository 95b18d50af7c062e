import { ValidationError } from '../../core/shared/errors';
import { isFileKey, MAX_STORED_FILE_BYTES, type FileStore } from '../../core/shared/file-store.port';

/** Files in a Map, for unit tests: the same rules as the stored ones. */
export class MemoryFileStore implements FileStore {
  private readonly files = new Map<string, Uint8Array>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!isFileKey(key)) throw new ValidationError(`Not a file key: ${JSON.stringify(key.slice(0, 100))}`);
    if (bytes.byteLength > MAX_STORED_FILE_BYTES) throw new ValidationError(`A stored file may be at most ${MAX_STORED_FILE_BYTES} bytes`);
    this.files.set(key, Uint8Array.from(bytes));
  }

  async get(key: string): Promise<Uint8Array | null> {
    const bytes = this.files.get(key);
    return bytes ? Uint8Array.from(bytes) : null;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }

  async list(prefix = ''): Promise<string[]> {
    return [...this.files.keys()].filter((key) => key.startsWith(prefix)).sort();
  }
}
