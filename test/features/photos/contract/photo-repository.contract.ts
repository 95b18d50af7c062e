import { expect, it } from 'vitest';
import { aPhoto } from '../../../support/entities';
import type { PhotoRepository } from '../../../../core/photos/photo-repository.port';
import { ConflictError } from '../../../../core/shared/errors';
import { describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

export function describePhotoRepositoryContract(name: string, makeAdapter: AdapterFactory<PhotoRepository>): void {
  describeContract('PhotoRepository', name, makeAdapter, (photos) => {
    itAnswers('has no photos at first', [() => photos().list(), []], [() => photos().get('p1'), null]);

    it('stores a photo and reads it back whole', async () => {
      const photo = aPhoto({ credit: '', hidden: true });
      await photos().create(photo);
      expect(await photos().get('p1')).toEqual(photo);
      expect(await photos().list()).toEqual([photo]);
    });

    it('refuses a second photo with the same id and keeps the first', async () => {
      await photos().create(aPhoto());
      await expect(photos().create(aPhoto({ caption: 'Other' }))).rejects.toBeInstanceOf(ConflictError);
      expect((await photos().get('p1'))?.caption).toBe('Evening sail');
    });

    it('lists lowest position first, ties oldest first, then by id', async () => {
      await photos().create(aPhoto({ id: 'c', position: 1, createdAt: '2026-06-01T09:00:00.000Z' }));
      await photos().create(aPhoto({ id: 'b', position: 1, createdAt: '2026-06-01T08:00:00.000Z' }));
      await photos().create(aPhoto({ id: 'a', position: 2 }));
      await photos().create(aPhoto({ id: 'z', position: 0 }));
      await photos().create(aPhoto({ id: 'd', position: 1, createdAt: '2026-06-01T09:00:00.000Z' }));
      expect((await photos().list()).map((p) => p.id)).toEqual(['z', 'b', 'c', 'd', 'a']);
    });

    it('updates a stored photo, and says false (storing nothing) for an unknown one', async () => {
      await photos().create(aPhoto());
      const changed = aPhoto({ caption: 'Morning sail', credit: 'B. Member', hidden: true, updatedAt: '2026-06-02T09:00:00.000Z' });
      expect(await photos().update(changed)).toBe(true);
      expect(await photos().get('p1')).toEqual(changed);
      expect(await photos().update(aPhoto({ id: 'nope' }))).toBe(false);
      expect(await photos().get('nope')).toBeNull();
    });

    it('deletes a photo once', async () => {
      await photos().create(aPhoto());
      expect(await photos().delete('p1')).toBe(true);
      expect(await photos().delete('p1')).toBe(false);
      expect(await photos().list()).toEqual([]);
      expect(await photos().delete('no/such id')).toBe(false);
    });

    it('reorders all photos at once, stamping only those that moved', async () => {
      for (const [i, id] of ['a', 'b', 'c'].entries()) await photos().create(aPhoto({ id, position: i }));
      expect(await photos().reorder(['c', 'b', 'a'], '2026-06-03T09:00:00.000Z')).toBe(true);
      const listed = await photos().list();
      expect(listed.map((p) => [p.id, p.position, p.updatedAt])).toEqual([
        ['c', 0, '2026-06-03T09:00:00.000Z'],
        ['b', 1, '2026-06-01T09:00:00.000Z'],
        ['a', 2, '2026-06-03T09:00:00.000Z'],
      ]);
    });

    it('refuses an order that leaves out, repeats or invents a photo, and changes nothing', async () => {
      for (const [i, id] of ['a', 'b', 'c'].entries()) await photos().create(aPhoto({ id, position: i }));
      for (const ids of [['c', 'b'], ['c', 'b', 'a', 'a'], ['c', 'b', 'x'], ['a', 'a', 'b'], []]) {
        expect(await photos().reorder(ids, '2026-06-03T09:00:00.000Z')).toBe(false);
      }
      expect((await photos().list()).map((p) => [p.id, p.position, p.updatedAt])).toEqual([
        ['a', 0, '2026-06-01T09:00:00.000Z'],
        ['b', 1, '2026-06-01T09:00:00.000Z'],
        ['c', 2, '2026-06-01T09:00:00.000Z'],
      ]);
    });

    it('an order made before a photo was added is refused, so the new photo keeps its place', async () => {
      for (const [i, id] of ['a', 'b'].entries()) await photos().create(aPhoto({ id, position: i }));
      const [reordered] = await Promise.all([photos().reorder(['b', 'a'], '2026-06-03T09:00:00.000Z'), photos().create(aPhoto({ id: 'c', position: 2 }))]);
      const listed = (await photos().list()).map((p) => p.id);
      // Either the order came first (and the new photo went after it) or it was refused whole.
      if (reordered) expect(listed).toEqual(['b', 'a', 'c']);
      else expect(listed).toEqual(['a', 'b', 'c']);
      expect(listed).toHaveLength(3);
    });
  });
}
