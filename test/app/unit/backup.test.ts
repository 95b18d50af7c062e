import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DirectoryFileStore } from '../../../adapters/system/directory-file-store';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

describe('npm run backup', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kyc-backup-'));
    // The server is left running while the backup is taken: the copy must still be whole.
    const built = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    const { stdout } = await run(tsx, ['scripts/backup.ts', join(dataDir, 'copy.sqlite')], { env: { ...process.env, DATA_DIR: dataDir } });
    await built.close();
    expect(stdout).toMatch(/Backup written to .*copy\.sqlite \(\d+ events, \d+ bookings; integrity ok\) and \d+ files to .*copy-files/);
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies every event and booking of the live database', () => {
    const count = (file: string, table: string) => {
      const db = new Database(file, { readonly: true });
      const n = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      db.close();
      return n;
    };
    for (const table of ['events', 'bookings', 'admins', 'documents']) {
      expect(count(join(dataDir, 'copy.sqlite'), table)).toBe(count(join(dataDir, 'kyc.sqlite'), table));
    }
    expect(count(join(dataDir, 'copy.sqlite'), 'events')).toBeGreaterThan(0);
  });

  it('copies the files beside the database (documents’ PDFs) byte for byte, so a restored copy serves every document', async () => {
    const files = new DirectoryFileStore(join(dataDir, 'files'));
    const copies = new DirectoryFileStore(join(dataDir, 'copy-files'));
    const keys = await files.list();
    // The seeded demo documents, at least.
    expect(keys.filter((key) => key.startsWith('documents/')).length).toBeGreaterThanOrEqual(7);
    expect(await copies.list()).toEqual(keys);
    for (const key of keys) expect(Buffer.from((await copies.get(key))!).equals(Buffer.from((await files.get(key))!))).toBe(true);
    // The copy's records point at files the copy holds.
    const db = new Database(join(dataDir, 'copy.sqlite'), { readonly: true });
    const pointed = (db.prepare('select fileKey from documents').all() as { fileKey: string }[]).map((row) => row.fileKey);
    db.close();
    expect(pointed.length).toBeGreaterThan(0);
    for (const key of pointed) expect(keys).toContain(key);
  });

  it('refuses clearly when there is no database', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kyc-backup-empty-'));
    const result = await run(tsx, ['scripts/backup.ts'], { env: { ...process.env, DATA_DIR: empty } }).catch((e) => e);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No database at');
    rmSync(empty, { recursive: true, force: true });
  });
});
