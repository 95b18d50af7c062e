import { describe, expect, it } from 'vitest';
import { MemorySearchIndex } from '../../../../adapters/memory/memory-search-index';
import type { SearchRecord } from '../../../../core/search/search-hit';
import { removeInStep, upsertInStep } from '../../../../core/search/keep-index-in-step';

const record: SearchRecord = { objectID: 'doc-1', type: 'document', category: 'general', title: 'Sailing instructions', tags: [] };

function deps() {
  const reported: unknown[] = [];
  return { search: new MemorySearchIndex(), reportSearchIndexError: (error: unknown) => reported.push(error), reported };
}

describe('keeping the search index in step with a saved change', () => {
  it('adds or replaces the records given, then removes them by id, in the index named', async () => {
    const d = deps();
    await upsertInStep(d, 'documents', [record]);
    expect((await d.search.search('sailing', { hitsPerIndex: 5 })).map((hit) => [hit.index, hit.objectID])).toEqual([['documents', 'doc-1']]);
    await removeInStep(d, 'documents', ['doc-1']);
    expect(await d.search.search('sailing', { hitsPerIndex: 5 })).toEqual([]);
    expect(d.reported).toEqual([]);
  });

  it('reports an index that fails instead of failing the change already saved', async () => {
    const d = deps();
    const down = new Error('search is down');
    d.search.upsert = () => Promise.reject(down);
    d.search.remove = () => Promise.reject(down);
    await expect(upsertInStep(d, 'documents', [record])).resolves.toBeUndefined();
    await expect(removeInStep(d, 'events', ['e1'])).resolves.toBeUndefined();
    expect(d.reported).toEqual([down, down]);
  });
});
