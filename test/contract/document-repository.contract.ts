import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../core/entities/document';
import type { DocumentRepository } from '../../core/ports/document-repository';
import { aDocument, useFreshAdapter, type AdapterFactory } from './storage-fixtures';

/** Every byte value, so nothing is lost to a text encoding on the way. */
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

function aFile(overrides: Partial<DocumentFile> = {}): DocumentFile {
  return { fileName: 'club-constitution.pdf', contentType: 'application/pdf', bytes: ALL_BYTES, ...overrides };
}

export function describeDocumentRepositoryContract(name: string, makeAdapter: AdapterFactory<DocumentRepository>): void {
  describe(`${name} (DocumentRepository contract)`, () => {
    const documents = useFreshAdapter(makeAdapter);

    it('has no documents at first', async () => {
      expect(await documents().list()).toEqual([]);
      expect(await documents().get('constitution')).toBeNull();
      expect(await documents().getFile('constitution')).toBeNull();
    });

    it('gives back a stored document and its file byte for byte', async () => {
      await documents().put(aDocument(), aFile());
      expect(await documents().get('constitution')).toEqual(aDocument());
      const file = await documents().getFile('constitution');
      expect(file?.fileName).toBe('club-constitution.pdf');
      expect(file?.contentType).toBe('application/pdf');
      expect(file?.bytes).toBeInstanceOf(Uint8Array);
      expect(Array.from(file!.bytes)).toEqual(Array.from(ALL_BYTES));
    });

    it('keeps an empty file empty', async () => {
      await documents().put(aDocument(), aFile({ bytes: new Uint8Array(0) }));
      expect((await documents().getFile('constitution'))?.bytes.length).toBe(0);
    });

    it('lists documents ordered by title', async () => {
      await documents().put(aDocument({ id: 'moorings', title: 'Overnight moorings map', tags: [] }), aFile());
      await documents().put(aDocument({ id: 'handbook', title: 'Members handbook' }), aFile());
      await documents().put(aDocument({ id: 'constitution', title: 'Club constitution' }), aFile());
      expect((await documents().list()).map((d) => d.title)).toEqual(['Club constitution', 'Members handbook', 'Overnight moorings map']);
      expect((await documents().list())[2]).toEqual(aDocument({ id: 'moorings', title: 'Overnight moorings map', tags: [] }));
    });

    it('replaces a document and its file stored under the same id', async () => {
      await documents().put(aDocument(), aFile());
      const revised = aDocument({ title: 'Club constitution (2026)', tags: [], category: 'governance', fileName: 'constitution-2026.pdf' });
      await documents().put(revised, aFile({ fileName: 'constitution-2026.pdf', bytes: Uint8Array.from([37, 80, 68, 70]) }));
      expect(await documents().list()).toEqual([revised]);
      const file = await documents().getFile('constitution');
      expect(file?.fileName).toBe('constitution-2026.pdf');
      expect(Array.from(file!.bytes)).toEqual([37, 80, 68, 70]);
    });

    it('is not changed by changing the bytes given or returned', async () => {
      const bytes = Uint8Array.from([1, 2, 3]);
      await documents().put(aDocument(), aFile({ bytes }));
      bytes[0] = 99;
      const first = await documents().getFile('constitution');
      first!.bytes[1] = 99;
      expect(Array.from((await documents().getFile('constitution'))!.bytes)).toEqual([1, 2, 3]);
    });
  });
}
