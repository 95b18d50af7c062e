import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from '../../../../core/documents/documents';
import { cleanPdf, hostilePdfs } from '../../../support/hostile-pdfs';
import { FETCH, PASSWORD, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

let app: TestApp;
let admin: TestAgent;

/** A small but real-looking PDF: its bytes start with %PDF-, whatever its name. */
function pdf(text: string, size = 0): Buffer {
  const head = Buffer.from(`%PDF-1.7\n% ${text}\n`, 'latin1');
  return size > head.length ? Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]) : head;
}

function upload(agent: TestAgent, query: Record<string, string>, body: Buffer, type = 'application/pdf') {
  return agent
    .post(`/api/admin/documents?${new URLSearchParams(query)}`)
    .set(FETCH)
    .set('Content-Type', type)
    .send(body);
}

async function fileOf(id: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await app
    .agent()
    .get(`/api/documents/${id}/file`)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  return { status: res.status, bytes: res.body as Buffer };
}

async function listedIds(): Promise<string[]> {
  return (await app.agent().get('/api/documents')).body.documents.map((d: { id: string }) => d.id);
}

async function searchDocuments(q: string): Promise<string[]> {
  const res = await app.agent().get(`/api/search?q=${encodeURIComponent(q)}`);
  return res.body.hits.filter((h: { index: string }) => h.index === 'documents').map((h: { objectID: string }) => h.objectID);
}

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'secretary@example.org', ['content:write']);
});

describe('admin documents', () => {
  it('uploads a PDF: members see it on /documents and in search at once; replace, edit and delete show at once too', async () => {
    const created = await upload(
      admin,
      { title: 'Fees 2027', description: 'Membership and mooring fees', category: 'Membership', fileName: 'Fees 2027 (final).pdf' },
      pdf('fees v1'),
    );
    expect(created.status).toBe(201);
    const { document } = created.body;
    expect(document).toMatchObject({
      title: 'Fees 2027',
      description: 'Membership and mooring fees',
      category: 'Membership',
      fileName: 'Fees-2027-final.pdf',
      url: `/api/documents/${document.id}/file`,
    });
    expect(await listedIds()).toContain(document.id);
    expect(await searchDocuments('fees')).toContain(document.id);
    expect(await fileOf(document.id)).toEqual({ status: 200, bytes: pdf('fees v1') });

    const replaced = await admin
      .put(`/api/admin/documents/${document.id}/file?fileName=fees-v2.pdf`)
      .set(FETCH)
      .set('Content-Type', 'application/pdf')
      .send(pdf('fees v2'));
    expect(replaced.status).toBe(200);
    expect(replaced.body.document).toMatchObject({ id: document.id, title: 'Fees 2027', fileName: 'fees-v2.pdf' });
    expect(await fileOf(document.id)).toEqual({ status: 200, bytes: pdf('fees v2') });
    // The replaced file is gone: one file per document.
    expect(await app.get('files').list('documents/')).toHaveLength(1);

    const edited = await admin
      .put(`/api/admin/documents/${document.id}`)
      .set(FETCH)
      .send({ title: 'Subscriptions 2027', description: 'What members pay', category: 'Membership' });
    expect(edited.status).toBe(200);
    expect(await searchDocuments('subscriptions')).toContain(document.id);
    expect((await app.agent().get('/api/documents')).body.documents.find((d: { id: string }) => d.id === document.id).title).toBe('Subscriptions 2027');
    // "Keep offline" (docs/offline.md): set on an edit, kept by an edit that leaves it out, refused unless true or false.
    const listed = async () => (await app.agent().get('/api/documents')).body.documents.find((d: { id: string }) => d.id === document.id);
    expect((await listed()).keepOffline).toBe(false);
    const kept = await admin
      .put(`/api/admin/documents/${document.id}`)
      .set(FETCH)
      .send({ title: 'Subscriptions 2027', description: 'What members pay', category: 'Membership', keepOffline: true });
    expect(kept.status).toBe(200);
    expect(kept.body.document.keepOffline).toBe(true);
    expect(
      (
        await admin
          .put(`/api/admin/documents/${document.id}`)
          .set(FETCH)
          .send({ title: 'Subscriptions 2027', description: 'What members pay', category: 'Membership' })
      ).status,
    ).toBe(200);
    expect((await listed()).keepOffline).toBe(true);
    const refused = await admin
      .put(`/api/admin/documents/${document.id}`)
      .set(FETCH)
      .send({ title: 'Changed', description: '', category: 'Membership', keepOffline: 'yes' });
    expect(refused.status).toBe(400);
    expect(await listed()).toMatchObject({ title: 'Subscriptions 2027', keepOffline: true });
    expect(await fileOf(document.id)).toEqual({ status: 200, bytes: pdf('fees v2') });

    expect((await admin.delete(`/api/admin/documents/${document.id}`).set(FETCH)).status).toBe(204);
    expect(await listedIds()).not.toContain(document.id);
    expect(await searchDocuments('subscriptions')).not.toContain(document.id);
    expect((await fileOf(document.id)).status).toBe(404);
    expect(await app.get('files').list('documents/')).toEqual([]);
    expect((await admin.delete(`/api/admin/documents/${document.id}`).set(FETCH)).status).toBe(404);

    const audit = await app.get('audit').list({ limit: 100 });
    expect([...new Set(audit.filter((e) => e.recordId === document.id).map((e) => e.action))].sort()).toEqual([
      'document.created',
      'document.deleted',
      'document.file-replaced',
      'document.updated',
    ]);
    expect(audit.every((e) => e.recordType !== 'document' || (e.actor.kind === 'admin' && e.actor.email === 'secretary@example.org'))).toBe(true);
  });

  it('refuses a file that is not a PDF by its bytes, even named .pdf and sent as application/pdf (415), and keeps the old file', async () => {
    const { document } = (await upload(admin, { title: 'Rules', category: 'Rules' }, pdf('rules'))).body;
    const before = await app.get('documents').list();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const refused = await upload(admin, { title: 'Photo', category: 'Rules', fileName: 'photo.pdf' }, png);
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({ error: DOCUMENT_MESSAGES.notPdf });
    const replace = await admin.put(`/api/admin/documents/${document.id}/file?fileName=rules.pdf`).set(FETCH).set('Content-Type', 'application/pdf').send(png);
    expect(replace.status).toBe(415);
    expect(replace.body).toEqual({ error: DOCUMENT_MESSAGES.notPdf });
    // Another content type is refused before the body is read.
    const text = await upload(admin, { title: 'Text', category: 'Rules' }, pdf('looks like a pdf'), 'text/plain');
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: DOCUMENT_MESSAGES.notPdf });
    const json = await admin.post('/api/admin/documents?title=J&category=C').set(FETCH).send({ bytes: '%PDF-' });
    expect(json.status).toBe(415);
    expect(await app.get('documents').list()).toEqual(before);
    expect(await fileOf(document.id)).toEqual({ status: 200, bytes: pdf('rules') });
  });

  it('refuses a PDF that would run JavaScript, launch, act on opening or carry a file, on upload and on replace, storing nothing', async () => {
    const created = await upload(admin, { title: 'Safe rules', category: 'Club', fileName: 'rules.pdf' }, Buffer.from(await cleanPdf()));
    expect(created.status).toBe(201);
    const document = created.body.document;
    const before = { ids: await listedIds(), file: await fileOf(document.id), stored: (await app.get('files').list()).length };
    for (const [what, bytes] of Object.entries(await hostilePdfs())) {
      const refused = await upload(admin, { title: what, category: 'Club', fileName: 'evil.pdf' }, Buffer.from(bytes));
      expect([what, refused.status, refused.body]).toEqual([
        what,
        400,
        { error: DOCUMENT_MESSAGES.activeContent, fields: { file: DOCUMENT_MESSAGES.activeContent } },
      ]);
      const replace = await admin
        .put(`/api/admin/documents/${document.id}/file?fileName=evil.pdf`)
        .set(FETCH)
        .set('Content-Type', 'application/pdf')
        .send(Buffer.from(bytes));
      expect([what, replace.status]).toEqual([what, 400]);
    }
    expect(await listedIds()).toEqual(before.ids);
    expect(await fileOf(document.id)).toEqual(before.file);
    expect((await app.get('files').list()).length).toBe(before.stored);
  });

  it('refuses a file over 20 MB with 413 and a clear message, and takes one of exactly 20 MB', async () => {
    const before = await app.get('documents').list();
    const tooBig = await upload(admin, { title: 'Huge', category: 'Big' }, pdf('huge', MAX_DOCUMENT_BYTES + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ error: DOCUMENT_MESSAGES.tooLarge });
    expect(await app.get('documents').list()).toEqual(before);
    const biggest = await upload(admin, { title: 'Handbook scan', category: 'Big' }, pdf('scan', MAX_DOCUMENT_BYTES));
    expect(biggest.status).toBe(201);
    expect((await fileOf(biggest.body.document.id)).bytes.equals(pdf('scan', MAX_DOCUMENT_BYTES))).toBe(true);
    expect((await admin.delete(`/api/admin/documents/${biggest.body.document.id}`).set(FETCH)).status).toBe(204);
  });

  it('refuses a missing title or category and an empty file with 400 and the field named', async () => {
    const before = await app.get('documents').list();
    const noTitle = await upload(admin, { title: '  ', category: 'Rules' }, pdf('x'));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.fields).toMatchObject({ title: DOCUMENT_MESSAGES.title });
    const empty = await upload(admin, { title: 'Empty', category: 'Rules' }, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: DOCUMENT_MESSAGES.empty, fields: { file: DOCUMENT_MESSAGES.empty } });
    expect(await app.get('documents').list()).toEqual(before);
  });

  it('an upload cut off half way leaves the old document as it was', async () => {
    const { document } = (await upload(admin, { title: 'Minutes', category: 'Governance' }, pdf('minutes v1'))).body;
    const session = await app.agent().post('/api/admin/session').set(FETCH).send({ email: 'secretary@example.org', password: PASSWORD });
    const cookie = String(([] as string[]).concat(session.headers['set-cookie'] ?? [])[0]).split(';', 1)[0];
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${app.baseUrl}/api/admin/documents/${document.id}/file`, {
        method: 'PUT',
        headers: { ...FETCH, Cookie: cookie, 'Content-Type': 'application/pdf', 'Content-Length': String(5 * 1024 * 1024) },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(pdf('minutes v2', 1024 * 1024), () => {
        req.destroy();
        resolve();
      });
    });
    // Whatever the server made of the broken request, the document and its file are as they were.
    expect(await fileOf(document.id)).toEqual({ status: 200, bytes: pdf('minutes v1') });
    expect((await app.get('documents').get(document.id))?.fileName).toBe(document.fileName);
  });

  it('reorders the documents: the members’ list follows; an order that leaves one out is refused', async () => {
    const ids = (await app.get('documents').list()).map((d) => d.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const reversed = [...ids].reverse();
    const res = await admin.put('/api/admin/document-order').set(FETCH).send({ ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.documents.map((d: { id: string }) => d.id)).toEqual(reversed);
    expect(await listedIds()).toEqual(reversed);
    const partial = await admin
      .put('/api/admin/document-order')
      .set(FETCH)
      .send({ ids: reversed.slice(1) });
    expect(partial.status).toBe(409);
    expect(await listedIds()).toEqual(reversed);
    const audit = await app.get('audit').list({ limit: 100 });
    expect(audit.some((e) => e.action === 'document.moved')).toBe(true);
  });

  it('answers 404 for a document that does not exist', async () => {
    expect((await admin.put('/api/admin/documents/nope').set(FETCH).send({ title: 'X', description: '', category: 'Y' })).status).toBe(404);
    const replace = await admin.put('/api/admin/documents/nope/file').set(FETCH).set('Content-Type', 'application/pdf').send(pdf('x'));
    expect(replace.status).toBe(404);
    expect(replace.body).toEqual({ error: 'Document not found' });
  });
});
