/**
 * `npm run backup [-- <target-file>]`: a consistent copy of the SQLite database while the server
 * runs, using SQLite's online backup (a plain file copy of a WAL database can miss recent writes),
 * and of the files beside it (DATA_DIR/files: documents' PDFs, photos) into `<target>-files/`.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfigOrExit } from '../server/start';
import { databaseFile } from '../server/container';
import { DirectoryFileStore } from '../adapters/system/directory-file-store';

/** Where the files of a backup go: beside the database copy, `<name>-files/`. */
export function backupFilesFolder(target: string): string {
  return `${target.replace(/\.sqlite$/, '')}-files`;
}

async function main(): Promise<number> {
  const config = loadConfigOrExit(2);
  if (config.adapters.storage !== 'sqlite') {
    console.error('npm run backup copies the SQLite database; with STORAGE=firestore use a Firestore export (docs/operations.md).');
    return 2;
  }
  const source = databaseFile(config);
  if (!existsSync(source)) {
    console.error(`No database at ${source}: nothing to back up.`);
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `kyc-${stamp}.sqlite`));
  mkdirSync(dirname(target), { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  // The files after the database: each file is copied whole (the store writes them all or nothing).
  const files = new DirectoryFileStore(join(config.dataDir, 'files'));
  const copies = new DirectoryFileStore(backupFilesFolder(target));
  let copied = 0;
  for (const key of await files.list()) {
    const bytes = await files.get(key);
    if (!bytes) continue; // deleted meanwhile
    await copies.put(key, bytes);
    copied += 1;
  }
  const check = new Database(target, { readonly: true });
  const result = check.pragma('integrity_check', { simple: true });
  const events = (check.prepare('select count(*) as n from events').get() as { n: number }).n;
  const bookings = (check.prepare('select count(*) as n from bookings').get() as { n: number }).n;
  const fileKeys = (check.prepare('select fileKey from documents').all() as { fileKey: string }[]).map((row) => row.fileKey);
  check.close();
  if (result !== 'ok') {
    console.error(`Backup written to ${target} but its integrity check said: ${String(result)}`);
    return 1;
  }
  const held = new Set(await copies.list());
  const missing = fileKeys.filter((key) => !held.has(key));
  if (missing.length > 0) {
    // A document replaced or deleted between the two copies: the copy is not whole, so say so.
    console.error(`Backup written to ${target}, but ${missing.length} document file(s) changed during it (${missing.join(', ')}): run it again.`);
    return 1;
  }
  console.log(`Backup written to ${target} (${events} events, ${bookings} bookings; integrity ok) and ${copied} files to ${backupFilesFolder(target)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
