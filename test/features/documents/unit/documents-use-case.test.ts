import { describe, expect, it } from 'vitest';
import { MemoryFileStore } from '../../../../adapters/memory/memory-file-store';
import { DOCUMENT_MESSAGES } from '../../../../core/documents/documents';
import type { StoredDocument } from '../../../../core/documents/document';
import { NotFoundError, PermissionError, ValidationError, ConflictError } from '../../../../core/shared/errors';
import { GetDocumentFile, ListDocuments } from '../../../../core/content/club-content';
import { CreateDocument } from '../../../../core/documents/create-document';
import { DeleteDocument } from '../../../../core/documents/delete-document';
import { ReorderDocuments } from '../../../../core/documents/reorder-documents';
import { ReplaceDocumentFile } from '../../../../core/documents/replace-document-file';
import { UpdateDocument } from '../../../../core/documents/update-document';
import { makeWorld, withPermissions } from '../../../support/unit/world';
import { anAdmin } from '../../../support/entities';

const secretary = anAdmin({ permissions: ['content:write'] });
// A comment after the header: bytes a PDF reader takes for an (empty) PDF.
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n% ${text}\n`);

function world() {
  const w = makeWorld();
  return { ...w, files: new MemoryFileStore() };
}

async function hitIds(w: ReturnType<typeof world>, q: string) {
  return (await w.search.search(q, { hitsPerIndex: 10 })).filter((h) => h.index === 'documents').map((h) => h.objectID);
}

describe('admin documents', () => {
  it('uploads a PDF last in the order, findable at once, with an audit entry; only with content:write', async () => {
    const w = world();
    const first = await new CreateDocument(w).execute(
      secretary,
      { title: 'Rules', description: '', category: 'Club' },
      { bytes: pdf('rules'), fileName: 'rules.pdf' },
    );
    const second = await new CreateDocument(w).execute(secretary, { title: 'Fees', description: 'What it costs', category: 'Club' }, { bytes: pdf('fees') });
    expect((await new ListDocuments(w).execute()).map((d) => [d.title, d.position])).toEqual([
      ['Rules', 0],
      ['Fees', 1],
    ]);
    expect(second.fileName).toBe('Fees.pdf');
    expect((await new GetDocumentFile(w).execute(first.id)).bytes).toEqual(pdf('rules'));
    expect(await hitIds(w, 'fees')).toEqual([second.id]);
    expect((await w.audit.list({ limit: 10 })).map((e) => [e.action, e.recordType, e.recordId])).toContainEqual(['document.created', 'document', second.id]);
    await expect(
      new CreateDocument(w).execute(withPermissions(['events:write']), { title: 'X', description: '', category: 'Y' }, { bytes: pdf('x') }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect(await w.files.list()).toHaveLength(2);
  });

  it('refuses a file that is not a PDF, an empty one, or a form without a title, storing nothing', async () => {
    const w = world();
    const create = (form: object, bytes: Uint8Array) => new CreateDocument(w).execute(secretary, form, { bytes });
    await expect(create({ title: 'A', description: '', category: 'B' }, new TextEncoder().encode('PK\u0003\u0004 a zip'))).rejects.toMatchObject({
      message: DOCUMENT_MESSAGES.notPdf,
    });
    await expect(create({ title: 'A', description: '', category: 'B' }, new Uint8Array())).rejects.toMatchObject({ message: DOCUMENT_MESSAGES.empty });
    await expect(create({ title: ' ', description: '', category: 'B' }, pdf('x'))).rejects.toBeInstanceOf(ValidationError);
    expect(await w.documents.list()).toEqual([]);
    expect(await w.files.list()).toEqual([]);
  });

  it('replaces the file under a new key and deletes the old one; a refused replace keeps the old file', async () => {
    const w = world();
    const doc = await new CreateDocument(w).execute(secretary, { title: 'Rules', description: '', category: 'Club' }, { bytes: pdf('v1') });
    const [oldKey] = await w.files.list();
    await expect(new ReplaceDocumentFile(w).execute(secretary, doc.id, { bytes: new TextEncoder().encode('not a pdf') })).rejects.toMatchObject({
      message: DOCUMENT_MESSAGES.notPdf,
    });
    expect(await w.files.list()).toEqual([oldKey]);
    const replaced = await new ReplaceDocumentFile(w).execute(secretary, doc.id, { bytes: pdf('v2'), fileName: 'rules-2027.pdf' });
    expect(replaced).toEqual({ ...doc, fileName: 'rules-2027.pdf' });
    expect((await new GetDocumentFile(w).execute(doc.id)).bytes).toEqual(pdf('v2'));
    expect(await w.files.list()).not.toContain(oldKey);
    expect(await w.files.list()).toHaveLength(1);
    await expect(new ReplaceDocumentFile(w).execute(secretary, 'nope', { bytes: pdf('x') })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a record that cannot be written leaves the old document and file, and no new file behind', async () => {
    const w = world();
    const doc = await new CreateDocument(w).execute(secretary, { title: 'Rules', description: '', category: 'Club' }, { bytes: pdf('v1') });
    const before = await w.files.list();
    const failing = {
      ...w,
      documents: Object.assign(Object.create(w.documents) as typeof w.documents, { put: async () => Promise.reject(new Error('disk full')) }),
    };
    await expect(new ReplaceDocumentFile(failing).execute(secretary, doc.id, { bytes: pdf('v2') })).rejects.toThrow('disk full');
    expect(await w.files.list()).toEqual(before);
    expect((await new GetDocumentFile(w).execute(doc.id)).bytes).toEqual(pdf('v1'));
  });

  it('a reader whose file was replaced between its two reads reads the record again', async () => {
    const w = world();
    const doc = await new CreateDocument(w).execute(secretary, { title: 'Rules', description: '', category: 'Club' }, { bytes: pdf('v1') });
    const stale = (await w.documents.getStored(doc.id))!;
    await new ReplaceDocumentFile(w).execute(secretary, doc.id, { bytes: pdf('v2') });
    let reads = 0;
    const racing = Object.assign(Object.create(w.documents) as typeof w.documents, {
      getStored: async (id: string): Promise<StoredDocument | null> => (++reads === 1 ? stale : w.documents.getStored(id)),
    });
    expect((await new GetDocumentFile({ documents: racing, files: w.files }).execute(doc.id)).bytes).toEqual(pdf('v2'));
    expect(reads).toBe(2);
  });

  it('edits keep the file; delete removes record, file and search entry; reorder needs every document once', async () => {
    const w = world();
    const a = await new CreateDocument(w).execute(secretary, { title: 'Alpha', description: '', category: 'Club' }, { bytes: pdf('a') });
    const b = await new CreateDocument(w).execute(secretary, { title: 'Bravo', description: '', category: 'Club' }, { bytes: pdf('b') });
    const edited = await new UpdateDocument(w).execute(secretary, a.id, { title: 'Anchorage', description: 'Where to moor', category: 'Moorings' });
    expect(edited).toMatchObject({ title: 'Anchorage', category: 'Moorings', fileName: a.fileName, position: 0 });
    expect(await hitIds(w, 'anchorage')).toEqual([a.id]);
    expect((await new GetDocumentFile(w).execute(a.id)).bytes).toEqual(pdf('a'));

    expect((await new ReorderDocuments(w).execute(secretary, { ids: [b.id, a.id] })).map((d) => d.id)).toEqual([b.id, a.id]);
    await expect(new ReorderDocuments(w).execute(secretary, { ids: [b.id] })).rejects.toBeInstanceOf(ConflictError);
    await expect(new ReorderDocuments(w).execute(secretary, { ids: 'nope' })).rejects.toBeInstanceOf(ValidationError);

    await new DeleteDocument(w).execute(secretary, a.id);
    expect((await new ListDocuments(w).execute()).map((d) => d.id)).toEqual([b.id]);
    expect(await hitIds(w, 'anchorage')).toEqual([]);
    expect(await w.files.list()).toHaveLength(1);
    await expect(new DeleteDocument(w).execute(secretary, a.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(new GetDocumentFile(w).execute(a.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(new UpdateDocument(w).execute(secretary, a.id, { title: 'X', description: '', category: 'Y' })).rejects.toBeInstanceOf(NotFoundError);
    const actions = (await w.audit.list({ limit: 20 })).filter((e) => e.recordId === a.id).map((e) => e.action);
    expect(actions.sort()).toEqual(['document.created', 'document.deleted', 'document.moved', 'document.updated']);
  });
});
