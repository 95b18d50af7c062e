import { beforeEach, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { CSV_TOO_LARGE_MESSAGE, MAX_WATER_LEVEL_CSV_BYTES } from '../../../../core/water-levels/water-levels';
import { addAdmin, FETCH, signedInAdmin, signIn, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

/** The admin's water-level endpoints (today is 1 June 2026 in these tests). */

let app: TestApp;
let admin: TestAgent;

useTestApp({}, async (started) => {
  app = started;
  admin = await signedInAdmin(app, 'bosun@example.org', ['content:write']);
});

/** The tests' readings are all in 2026 (the ten-year import's are earlier, and kept out of the way). */
async function stored() {
  return app.get('waterLevels').readings('2026-01-01', '2026-12-31');
}
/** The audit log is append-only: each test reads the water-level entries written since it began. */
let seen = new Set<string>();
async function waterAudit() {
  return (await app.get('audit').list({ limit: 10_000 })).filter((entry) => entry.recordType === 'waterLevel' && !seen.has(entry.id));
}
function csv(agent: TestAgent, path: string, text: string) {
  return agent.post(path).set(FETCH).set('Content-Type', 'text/csv').send(text);
}

beforeEach(async () => {
  for (const { date } of await stored()) await app.get('waterLevels').delete(date);
  seen = new Set((await app.get('audit').list({ limit: 10_000 })).map((entry) => entry.id));
});

describe('one reading', () => {
  it('adds a reading typed day first; members see it; the audit log names who and what', async () => {
    const res = await admin.post('/api/admin/water-levels').set(FETCH).send({ date: '21/05/2026', percentFull: '63.5' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ reading: { date: '2026-05-21', percentFull: 63.5 } });
    const members = await app.agent().get('/api/water-levels');
    expect(members.body.readings).toEqual([{ date: '2026-05-21', percentFull: 63.5 }]);
    const [entry] = await waterAudit();
    expect(entry).toMatchObject({ action: 'waterLevel.added', recordId: '2026-05-21', actor: { kind: 'admin', email: 'bosun@example.org' } });
    expect(entry.changes).toEqual([
      { field: 'date', before: null, after: '2026-05-21' },
      { field: 'percentFull', before: null, after: 63.5 },
    ]);
  });

  it('refuses a second reading of the same day (409), a future date and a bad percentage (400), storing nothing', async () => {
    await admin.post('/api/admin/water-levels').set(FETCH).send({ date: '2026-05-21', percentFull: '60' });
    const twice = await admin.post('/api/admin/water-levels').set(FETCH).send({ date: '21/05/2026', percentFull: '70' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: 'There is already a reading for 21 May 2026; correct it instead' });
    const bad = await admin.post('/api/admin/water-levels').set(FETCH).send({ date: '02/06/2026', percentFull: '101' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ date: 'The date cannot be in the future', percentFull: 'The percentage must be between 0 and 100' });
    expect(await stored()).toEqual([{ date: '2026-05-21', percentFull: 60 }]);
    expect(await waterAudit()).toHaveLength(1);
  });

  it('corrects a reading, with its old and new value in the audit log; 404 for a day without one', async () => {
    await app.get('waterLevels').putMany([{ date: '2026-05-20', percentFull: 60 }]);
    const res = await admin.put('/api/admin/water-levels/2026-05-20').set(FETCH).send({ percentFull: '61.25%' });
    expect(res.status).toBe(200);
    expect(await stored()).toEqual([{ date: '2026-05-20', percentFull: 61.25 }]);
    const entry = (await waterAudit()).find((e) => e.action === 'waterLevel.corrected');
    expect(entry?.changes).toEqual([{ field: 'percentFull', before: 60, after: 61.25 }]);
    expect((await admin.put('/api/admin/water-levels/2026-05-19').set(FETCH).send({ percentFull: '50' })).status).toBe(404);
    const bad = await admin.put('/api/admin/water-levels/2026-05-20').set(FETCH).send({ percentFull: 'x' });
    expect(bad.status).toBe(400);
    expect((await admin.put('/api/admin/water-levels/20-05-2026').set(FETCH).send({ percentFull: '5' })).status).toBe(400);
    expect(await stored()).toEqual([{ date: '2026-05-20', percentFull: 61.25 }]);
  });

  it('a correction to the value the reading already has changes nothing and writes no audit entry', async () => {
    await app.get('waterLevels').putMany([{ date: '2026-05-21', percentFull: 73.5 }]);
    const res = await admin.put('/api/admin/water-levels/2026-05-21').set(FETCH).send({ percentFull: '73.5' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reading: { date: '2026-05-21', percentFull: 73.5 } });
    expect(await stored()).toEqual([{ date: '2026-05-21', percentFull: 73.5 }]);
    expect(await waterAudit()).toEqual([]);
    // A new value is a correction, recorded once.
    expect((await admin.put('/api/admin/water-levels/2026-05-21').set(FETCH).send({ percentFull: '70' })).status).toBe(200);
    expect((await waterAudit()).map((e) => e.action)).toEqual(['waterLevel.corrected']);
  });

  it('deletes a reading once', async () => {
    await app.get('waterLevels').putMany([{ date: '2026-05-20', percentFull: 60 }]);
    expect((await admin.delete('/api/admin/water-levels/2026-05-20').set(FETCH)).status).toBe(204);
    expect(await stored()).toEqual([]);
    expect((await admin.delete('/api/admin/water-levels/2026-05-20').set(FETCH)).status).toBe(404);
    expect((await waterAudit()).filter((e) => e.action === 'waterLevel.deleted')).toHaveLength(1);
  });
});

const GOOD = 'Date,Percent full\n2026-05-01,60\n02/05/2026,61.5\n2026-05-03,62%\n';

describe('CSV import', () => {
  it('previews a good file: what will be added and what replaced, storing nothing', async () => {
    await app.get('waterLevels').putMany([
      { date: '2026-05-02', percentFull: 50 },
      { date: '2026-05-03', percentFull: 62 },
    ]);
    const res = await csv(admin, '/api/admin/water-levels/import/preview', GOOD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      plan: { add: [{ date: '2026-05-01', percentFull: 60 }], replace: [{ date: '2026-05-02', before: 50, after: 61.5 }], unchanged: 1 },
    });
    expect(await stored()).toHaveLength(2);
    expect(await waterAudit()).toEqual([]);
  });

  it('previews a bad file with every bad line and its reason, and the import refuses it, storing nothing', async () => {
    const bad = 'date,percent\n2026-05-01,60\n31/04/2026,50\n2026-05-01,61\n2026-05-04\n2026-05-05,abc\n2026-05-06,150\n';
    const preview = await csv(admin, '/api/admin/water-levels/import/preview', bad);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      ok: false,
      problems: [
        { line: 3, reason: 'the date “31/04/2026” is not a real date (use 23/11/2026 or 2026-11-23)' },
        { line: 4, reason: 'the date 1 May 2026 is already on line 2' },
        { line: 5, reason: 'the percentage is missing (each line needs a date and a percentage)' },
        { line: 6, reason: 'the percentage “abc” is not a number' },
        { line: 7, reason: 'the percentage 150 is not between 0 and 100' },
      ],
    });
    const res = await csv(admin, '/api/admin/water-levels/import', bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Nothing was imported: 5 lines have problems. Line 3: the date “31/04/2026” is not a real date (use 23/11/2026 or 2026-11-23)');
    expect(res.body.fields['line 7']).toBe('Line 7: the percentage 150 is not between 0 and 100');
    expect(await stored()).toEqual([]);
    expect(await waterAudit()).toEqual([]);
  });

  it('refuses a file with bytes that are not UTF-8, naming the line, where they were once read as U+FFFD', async () => {
    // Line 3 was saved in Windows-1252 ("\xa3" is a pound sign there); the rest is UTF-8.
    const bytes = Buffer.concat([
      Buffer.from('date,percent\n2026-05-01,60\n'),
      Buffer.from([0x32, 0x30, 0x32, 0x36, 0x2d, 0x30, 0x35, 0x2d, 0x30, 0x32, 0x2c, 0x36, 0x31, 0xa3]),
      Buffer.from('\n2026-05-03,62\n'),
    ]);
    const reason = 'the file is not UTF-8 text here: save it again as "CSV UTF-8" (in Excel: File, Save As, CSV UTF-8) and try again';
    const preview = await admin.post('/api/admin/water-levels/import/preview').set(FETCH).set('Content-Type', 'text/csv').send(bytes);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ ok: false, problems: [{ line: 3, reason }] });
    const res = await admin.post('/api/admin/water-levels/import').set(FETCH).set('Content-Type', 'text/csv; charset=utf-8').send(bytes);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'line 3': `Line 3: ${reason}` });
    expect(await stored()).toEqual([]);
    // A byte-order mark and Windows line ends are UTF-8 all the same.
    const windows = await admin
      .post('/api/admin/water-levels/import')
      .set(FETCH)
      .set('Content-Type', 'text/csv')
      .send(Buffer.from('\ufeffdate,percent\r\n2026-05-01,60\r\n'));
    expect(windows.status).toBe(200);
  });

  it('imports a good file whole, as one audit entry with the counts', async () => {
    await app.get('waterLevels').putMany([{ date: '2026-05-02', percentFull: 50 }]);
    const res = await csv(admin, '/api/admin/water-levels/import', GOOD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 3, added: 2, replaced: 1, unchanged: 0 });
    expect(await stored()).toEqual([
      { date: '2026-05-01', percentFull: 60 },
      { date: '2026-05-02', percentFull: 61.5 },
      { date: '2026-05-03', percentFull: 62 },
    ]);
    const entries = await waterAudit();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'waterLevel.imported', recordId: '2026-05-01..2026-05-03' });
    expect(entries[0].changes).toEqual([
      { field: 'readings', before: null, after: 3 },
      { field: 'added', before: null, after: 2 },
      { field: 'replaced', before: null, after: 1 },
    ]);
  });

  it('imports ten years of daily readings as one audit entry', async () => {
    const start = Date.parse('2010-01-01T00:00:00Z');
    const lines = Array.from({ length: 3650 }, (_, day) => `${new Date(start + day * 86_400_000).toISOString().slice(0, 10)},${day % 101}`);
    const res = await csv(admin, '/api/admin/water-levels/import', lines.join('\n'));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(3650);
    const years = await app.get('waterLevels').readings('2010-01-01', '2019-12-31');
    expect(years).toHaveLength(3650);
    expect(years[3649]).toEqual({ date: '2019-12-29', percentFull: 3649 % 101 });
    expect(await waterAudit()).toHaveLength(1);
  });

  it('refuses a file over the size limit with 413 and says what the limit is, and anything but CSV text with 415', async () => {
    const huge = `date,percent\n${'2026-05-01,60\n'.repeat(Math.ceil(MAX_WATER_LEVEL_CSV_BYTES / 14) + 10)}`;
    for (const path of ['/api/admin/water-levels/import', '/api/admin/water-levels/import/preview']) {
      const big = await csv(admin, path, huge);
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ error: CSV_TOO_LARGE_MESSAGE });
      const json = await admin.post(path).set(FETCH).send({ csv: GOOD });
      expect(json.status).toBe(415);
      expect(json.body.error).toBe('Send the CSV file itself, with the content type text/csv');
      const form = await admin.post(path).set(FETCH).set('Content-Type', 'application/octet-stream').send(Buffer.from(GOOD));
      expect(form.status).toBe(415);
    }
    expect(await stored()).toEqual([]);
  });

  it('an admin without content:write cannot preview or import', async () => {
    await addAdmin(app, 'reader@example.org', ['events:read']);
    const reader = app.agent();
    await signIn(reader, 'reader@example.org');
    expect((await csv(reader, '/api/admin/water-levels/import', GOOD)).status).toBe(403);
    expect((await csv(reader, '/api/admin/water-levels/import/preview', GOOD)).status).toBe(403);
    expect(await stored()).toEqual([]);
  });
});
