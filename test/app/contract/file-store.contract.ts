import { expect, it } from 'vitest';
import { ValidationError } from '../../../core/shared/errors';
import { MAX_STORED_FILE_BYTES, type FileStore } from '../../../core/shared/file-store.port';
import { rejectionOf, describeContract, itAnswers, type AdapterFactory } from '../../support/contract/storage-fixtures';

/** Bytes that differ at every position from a shifted copy: a mixed-up chunk would show. */
export function patternedBytes(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

export function describeFileStoreContract(name: string, makeAdapter: AdapterFactory<FileStore>): void {
  describeContract('FileStore', name, makeAdapter, (files) => {
    itAnswers('has no file under a key never written, and lists none at first', [() => files().get('documents/fees'), null], [() => files().list(), []]);

    it('gives back the bytes put, byte for byte, empty files included', async () => {
      const pdf = new TextEncoder().encode('%PDF-1.7\n\u0000\u00ff binary\r\n%%EOF');
      await files().put('documents/fees', pdf);
      await files().put('photos/p1/w320.jpg', new Uint8Array());
      expect(await files().get('documents/fees')).toEqual(pdf);
      expect(await files().get('photos/p1/w320.jpg')).toEqual(new Uint8Array());
    });

    it('keeps a 20 MB file whole and in order', async () => {
      const big = patternedBytes(20 * 1024 * 1024);
      await files().put('documents/handbook', big);
      const back = await files().get('documents/handbook');
      expect(back?.byteLength).toBe(big.byteLength);
      expect(Buffer.from(back!).equals(Buffer.from(big))).toBe(true);
    });

    it('replaces a file: a smaller one after a larger one leaves nothing of the larger', async () => {
      await files().put('documents/fees', patternedBytes(3 * 1024 * 1024, 1));
      const small = patternedBytes(1000, 2);
      await files().put('documents/fees', small);
      expect(await files().get('documents/fees')).toEqual(small);
      expect(await files().list()).toEqual(['documents/fees']);
    });

    it('deletes a file, and deleting again or a missing key is no error', async () => {
      await files().put('documents/fees', patternedBytes(10));
      await files().put('documents/rules', patternedBytes(10));
      await files().delete('documents/fees');
      await files().delete('documents/fees');
      await files().delete('documents/never');
      expect(await files().get('documents/fees')).toBeNull();
      expect(await files().list()).toEqual(['documents/rules']);
    });

    it('lists keys in ascending order, by prefix', async () => {
      for (const key of ['photos/p2/w640.webp', 'documents/rules', 'photos/p1/w320.jpg', 'documents/fees', 'photos/p1/w640.jpg']) {
        await files().put(key, patternedBytes(5));
      }
      expect(await files().list()).toEqual(['documents/fees', 'documents/rules', 'photos/p1/w320.jpg', 'photos/p1/w640.jpg', 'photos/p2/w640.webp']);
      expect(await files().list('photos/p1/')).toEqual(['photos/p1/w320.jpg', 'photos/p1/w640.jpg']);
      expect(await files().list('nothing/')).toEqual([]);
    });

    it('refuses keys that could leave its place or clash, storing nothing', async () => {
      for (const key of [
        '',
        '../secrets.json',
        'documents/../../x',
        'Documents/Fees',
        'documents//x',
        '/documents/x',
        'documents/x/',
        '.incoming/x',
        'a'.repeat(201),
      ]) {
        expect(await rejectionOf(files().put(key, patternedBytes(5))), key).toBeInstanceOf(ValidationError);
        expect(await files().get(key), key).toBeNull();
      }
      expect(await files().list()).toEqual([]);
    });

    it('refuses a file over the limit, keeping the old one', async () => {
      const old = patternedBytes(100);
      await files().put('documents/fees', old);
      expect(await rejectionOf(files().put('documents/fees', new Uint8Array(MAX_STORED_FILE_BYTES + 1)))).toBeInstanceOf(ValidationError);
      expect(await files().get('documents/fees')).toEqual(old);
    });

    it('gives a reader during a replace the old file or the new one, never a mix', async () => {
      const first = patternedBytes(3 * 1024 * 1024, 11);
      const second = patternedBytes(3 * 1024 * 1024 + 17, 12);
      await files().put('documents/fees', first);
      const writes = Promise.all([files().put('documents/fees', second), files().put('documents/fees', first), files().put('documents/fees', second)]);
      const reads = await Promise.all(Array.from({ length: 6 }, () => files().get('documents/fees')));
      await writes;
      for (const read of reads) {
        const same = (want: Uint8Array) => read !== null && Buffer.from(read).equals(Buffer.from(want));
        expect(same(first) || same(second)).toBe(true);
      }
      // Three writes at once finish in no set order (each is a whole file put in place at its
      // end), so afterwards the key holds one of them whole, as a reader during them saw.
      const after = await files().get('documents/fees');
      expect(after !== null && (Buffer.from(after).equals(Buffer.from(first)) || Buffer.from(after).equals(Buffer.from(second)))).toBe(true);
    });

    it('keeps the last of one-after-another writes', async () => {
      const first = patternedBytes(1024 * 1024, 21);
      const second = patternedBytes(1024 * 1024 + 5, 22);
      await files().put('documents/fees', first);
      await files().put('documents/fees', second);
      expect(Buffer.from((await files().get('documents/fees'))!).equals(Buffer.from(second))).toBe(true);
    });
  });
}
