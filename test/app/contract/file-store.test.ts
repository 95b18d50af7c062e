import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirectoryFileStore } from '../../../adapters/system/directory-file-store';
import { MemoryFileStore } from '../../../adapters/memory/memory-file-store';
import { describeFileStoreContract, patternedBytes } from './file-store.contract';

describeFileStoreContract('MemoryFileStore', async () => ({ adapter: new MemoryFileStore(), close: async () => undefined }));

describeFileStoreContract('DirectoryFileStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'kyc-files-'));
  return { adapter: new DirectoryFileStore(join(root, 'files')), close: () => rm(root, { recursive: true, force: true }) };
});

describe('DirectoryFileStore on disk', () => {
  it('keeps each file as a plain file under its key, so a copy of DATA_DIR holds them, and leaves no temporary file behind', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kyc-files-'));
    try {
      const store = new DirectoryFileStore(join(root, 'files'));
      await store.put('documents/fees', patternedBytes(1000));
      await store.put('documents/fees', patternedBytes(2000));
      expect(await readdir(join(root, 'files', 'documents'))).toEqual(['fees']);
      expect(await readdir(join(root, 'files', '.incoming'))).toEqual([]);
      // Another store on the same folder (the server after a restart) reads the same file.
      expect(await new DirectoryFileStore(join(root, 'files')).get('documents/fees')).toEqual(patternedBytes(2000));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
