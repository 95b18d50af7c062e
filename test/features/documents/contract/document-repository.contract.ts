import { expect, it } from 'vitest';
import type { DocumentRepository } from '../../../../core/documents/document-repository.port';
import { describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { aDocument } from '../../../support/entities';

export function describeDocumentRepositoryContract(name: string, makeAdapter: AdapterFactory<DocumentRepository>): void {
  describeContract('DocumentRepository', name, makeAdapter, (documents) => {
    itAnswers(
      'has no documents at first',
      [() => documents().list(), []],
      [() => documents().get('constitution'), null],
      [() => documents().getStored('constitution'), null],
      [() => documents().delete('constitution'), null],
      [() => documents().update(aDocument()), false],
      [() => documents().list(), []],
    );

    it('gives back a stored document and the key of its file', async () => {
      expect(await documents().put(aDocument(), 'documents/f1')).toBeNull();
      expect(await documents().get('constitution')).toEqual(aDocument());
      expect(await documents().getStored('constitution')).toEqual({ document: aDocument(), fileKey: 'documents/f1' });
    });

    it('lists documents by position, then by title', async () => {
      await documents().put(aDocument({ id: 'moorings', title: 'Overnight moorings map', tags: [], position: 1 }), 'documents/m');
      await documents().put(aDocument({ id: 'handbook', title: 'Members handbook', position: 2 }), 'documents/h');
      await documents().put(aDocument({ id: 'constitution', title: 'Club constitution', position: 2 }), 'documents/c');
      expect((await documents().list()).map((d) => d.id)).toEqual(['moorings', 'constitution', 'handbook']);
      expect((await documents().list())[0]).toEqual(aDocument({ id: 'moorings', title: 'Overnight moorings map', tags: [], position: 1 }));
    });

    it('replaces a document stored under the same id, answering the key of the file it pointed at', async () => {
      await documents().put(aDocument(), 'documents/old');
      const revised = aDocument({ title: 'Club constitution (2026)', tags: [], category: 'governance', fileName: 'constitution-2026.pdf' });
      expect(await documents().put(revised, 'documents/new')).toBe('documents/old');
      expect(await documents().list()).toEqual([revised]);
      expect((await documents().getStored('constitution'))?.fileKey).toBe('documents/new');
    });

    it('updates the fields but keeps the file', async () => {
      await documents().put(aDocument(), 'documents/f1');
      const edited = aDocument({ title: 'Constitution', description: 'New words', category: 'Governance' });
      expect(await documents().update(edited)).toBe(true);
      expect(await documents().getStored('constitution')).toEqual({ document: edited, fileKey: 'documents/f1' });
    });

    it('keeps the "keep offline" mark; a document given without it is stored as not kept', async () => {
      await documents().put(aDocument({ keepOffline: true }), 'documents/f1');
      expect((await documents().get('constitution'))?.keepOffline).toBe(true);
      const { keepOffline: _left, ...without } = aDocument({ title: 'Constitution' });
      expect(await documents().update(without)).toBe(true);
      expect(await documents().get('constitution')).toEqual(aDocument({ title: 'Constitution', keepOffline: false }));
      expect((await documents().list()).map((d) => d.keepOffline)).toEqual([false]);
    });

    it('reorders: each listed document takes its place in the list, unknown ids are skipped', async () => {
      for (const [i, id] of ['a', 'b', 'c'].entries()) await documents().put(aDocument({ id, title: `Doc ${id}`, position: i }), `documents/${id}`);
      await documents().reorder(['c', 'unknown', 'a', 'b']);
      expect((await documents().list()).map((d) => [d.id, d.position])).toEqual([
        ['c', 0],
        ['a', 2],
        ['b', 3],
      ]);
      expect(await documents().get('unknown')).toBeNull();
    });

    it('deletes a document, answering its file key once', async () => {
      await documents().put(aDocument(), 'documents/f1');
      await documents().put(aDocument({ id: 'rules', title: 'Rules' }), 'documents/f2');
      expect(await documents().delete('constitution')).toBe('documents/f1');
      expect(await documents().delete('constitution')).toBeNull();
      expect(await documents().get('constitution')).toBeNull();
      expect((await documents().list()).map((d) => d.id)).toEqual(['rules']);
    });

    it('is not changed by changing a document given or returned', async () => {
      const doc = aDocument({ tags: ['a'] });
      await documents().put(doc, 'documents/f1');
      doc.tags.push('b');
      const first = await documents().get('constitution');
      first!.tags.push('c');
      expect((await documents().get('constitution'))?.tags).toEqual(['a']);
    });
  });
}
