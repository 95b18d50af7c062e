import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ValidationError } from '../../core/shared/errors';
import { isFileKey, MAX_STORED_FILE_BYTES, type FileStore } from '../../core/shared/file-store.port';

/** Where unfinished puts are written: a name no key can have (keys start with a letter or digit). */
const INCOMING = '.incoming';

/**
 * Files in a folder on disk (STORAGE=sqlite: DATA_DIR/files, so the backup of DATA_DIR holds
 * them): a key is a path under the folder. A put writes a temporary file in the same folder tree,
 * flushes it to disk and renames it over the old one, which the file system does in one step, so
 * a reader or a crash in the middle sees the old file or the new one, never a part.
 */
export class DirectoryFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    if (bytes.byteLength > MAX_STORED_FILE_BYTES) throw new ValidationError(`A stored file may be at most ${MAX_STORED_FILE_BYTES} bytes`);
    const incoming = join(this.root, INCOMING);
    await mkdir(incoming, { recursive: true });
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(incoming, randomUUID());
    try {
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    if (!isFileKey(key)) return null;
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isFileKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (folder: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = `${keyPrefix}${entry.name}`;
        if (!isFileKey(key)) continue;
        if (entry.isDirectory()) await walk(join(folder, entry.name), `${key}/`);
        else if (entry.isFile() && key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(this.root, '');
    return keys.sort();
  }

  private pathOf(key: string): string {
    if (!isFileKey(key)) throw new ValidationError(`Not a file key: ${JSON.stringify(key.slice(0, 100))}`);
    return join(this.root, ...key.split('/'));
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
