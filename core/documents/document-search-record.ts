import type { ClubDocument } from './document';
import { compact } from '../search/search-records';
import type { SearchRecord } from '../search/search-hit';

export function documentSearchRecord(doc: Omit<ClubDocument, 'position'>): SearchRecord {
  return compact({
    objectID: doc.id,
    type: 'document',
    category: doc.category,
    title: doc.title,
    description: doc.description,
    downloadUrl: `/api/documents/${encodeURIComponent(doc.id)}/file`,
    tags: [...doc.tags],
  });
}
