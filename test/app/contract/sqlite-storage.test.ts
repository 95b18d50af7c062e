import { describeStorageContracts } from './storage-contracts';
import { openSqliteStore } from '../../support/stores';
import { SqliteHouseholdRepository } from '../../../adapters/sqlite/sqlite-household-repository';
import { SqliteMemberRepository } from '../../../adapters/sqlite/sqlite-member-repository';
import { SqlitePasskeyChallengeRepository } from '../../../adapters/sqlite/sqlite-passkey-challenge-repository';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knex, { type Knex } from 'knex';
import { SqliteMigrationSource } from '../../../adapters/sqlite/sqlite-migration-source';
import { DirectoryFileStore } from '../../../adapters/system/directory-file-store';
import { GetDocumentFile } from '../../../core/content/club-content';
import { describe, expect, it } from 'vitest';
import { SqliteAdminRepository } from '../../../adapters/sqlite/sqlite-admin-repository';
import { SqliteBookingRepository } from '../../../adapters/sqlite/sqlite-booking-repository';
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { SqliteDocumentRepository } from '../../../adapters/sqlite/sqlite-document-repository';
import { SqliteEventRepository } from '../../../adapters/sqlite/sqlite-event-repository';
import { readConnection } from '../../../adapters/sqlite/sqlite-read-connection';
import { SqliteSessionRepository } from '../../../adapters/sqlite/sqlite-session-repository';
import { SqliteWorkDayRepository } from '../../../adapters/sqlite/sqlite-work-day-repository';
import { MAX_GROUP, preparedWriteTransaction, writeTransaction } from '../../../adapters/sqlite/sqlite-write-transaction';
import { rejectionOf } from '../../support/contract/storage-fixtures';
import { aBooking, aCardPaidBooking, anAdmin, anEvent, anUnpaidBooking, aPendingChange, aSignup, aWorkDay } from '../../support/entities';
import { anEntry } from '../../features/waiting-list/contract/waiting-list.contract';
import { SqliteWaitingList } from '../../../adapters/sqlite/sqlite-waiting-list';
import { WORKER_LIMIT_MS, WORKER_TEST_TIMEOUT_MS } from '../../support/worker-limits';
import { openTempSqlite, tempSqlite, withTempSqlite } from '../../support/temp-sqlite';
import { runTogether } from '../../support/start-together';

/** A fresh database file in its own temporary folder, removed when closed. */
async function freshDatabase(): Promise<{ db: Knex; file: string; close(): Promise<void> }> {
  return openTempSqlite('kyc-storage-');
}

/** Runs `work` on a fresh database file, then closes and removes it, whether `work` passed or threw. */
async function onFreshDatabase(work: (opened: { db: Knex; file: string }) => Promise<void>): Promise<void> {
  const { db, file, close } = await freshDatabase();
  try {
    await work({ db, file });
  } finally {
    await close();
  }
}

/** Runs `work` on a database migrated as the server's are, in a fresh file removed afterwards. */
function onMigratedDatabase(prefix: string, work: (db: Knex) => Promise<void>): Promise<void> {
  return withTempSqlite(async (sqlite) => work(await sqlite.open()), prefix, 'kyc.sqlite');
}

/** A database as an earlier version left it, migrated up to `last` only; the test fills and closes it. */
async function databaseUpTo(file: string, last: string): Promise<Knex> {
  const old = knex({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
  const migrationSource = new SqliteMigrationSource();
  for (;;) {
    const [, done] = (await old.migrate.up({ migrationSource })) as [number, string[]];
    if (done.includes(last) || done.length === 0) break;
  }
  return old;
}

/** Undoes migrations, the latest first, as long as `applied()` says the one under test is still in. */
async function undoWhile(db: Knex, applied: () => Promise<boolean>): Promise<void> {
  while (await applied()) await db.migrate.down({ migrationSource: new SqliteMigrationSource() });
}

/** Undoes the one migration `name`. */
async function undoMigration(db: Knex, name: string): Promise<void> {
  await db.migrate.down({ migrationSource: new SqliteMigrationSource(), name });
}

/** Does every migration not done yet, as the server does at start. */
async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource: new SqliteMigrationSource() });
}

describeStorageContracts('Sqlite', () => openSqliteStore());

describe('SQLite database file', () => {
  it('keeps events, bookings, admins and sessions when the server restarts', async () => {
    const { db, file, close } = await freshDatabase();
    const session = { tokenHash: 'hash-1', uid: 'uid-commodore', createdAt: '2026-06-01T09:00:00.000Z', expiresAt: '2026-06-01T17:00:00.000Z' };
    try {
      await new SqliteEventRepository(db).create(anEvent());
      await new SqliteBookingRepository(db).addIfPlacesRemain(anUnpaidBooking({ id: 'kept' }), { capacity: 40, now: new Date('2026-06-01T09:00:00.000Z') });
      await new SqliteBookingRepository(db).setCheckout('kept', 'chk-1');
      await new SqliteAdminRepository(db).create(anAdmin({ uid: 'uid-commodore' }));
      await new SqliteSessionRepository(db).create(session);
      await db.destroy();

      const reopened = await openSqliteDatabase(file);
      try {
        expect(await new SqliteEventRepository(reopened).get('summer-regatta')).toEqual(anEvent());
        expect(await new SqliteBookingRepository(reopened).findByCheckoutId('chk-1')).toEqual(anUnpaidBooking({ id: 'kept', checkoutId: 'chk-1' }));
        expect(await new SqliteAdminRepository(reopened).getByUid('uid-commodore')).toEqual(anAdmin({ uid: 'uid-commodore' }));
        expect(await new SqliteSessionRepository(reopened).get('hash-1')).toEqual(session);
        const migrations = await reopened('knex_migrations').select('name');
        expect(migrations.map((m) => m.name)).toEqual([
          '0001-storage-tables',
          '0002-address-limits',
          '0003-places-ledgers',
          '0004-search-index',
          '0005-outbox',
          '0006-booking-lifecycle',
          '0007-password-reset-tokens',
          '0008-event-sequence-and-cancellation',
          '0009-jobs-and-reminders',
          '0010-waiting-list',
          '0011-work-day-archive',
          '0012-work-day-signup-email',
          '0013-document-files',
          '0014-news-items',
          '0015-photos',
          '0016-checkout-opened',
          '0018-booking-references',
          '0019-site-pages',
          '0020-booking-cancel-reason',
          '0022-campaign-content',
          '0023-members',
          '0024-member-sign-in',
          '0025-member-prices-households',
          '0026-conditions',
          '0028-duties',
          '0029-passkey-challenges',
          '0030-booking-email-key',
          '0031-my-club-lists-and-feed',
          '0032-booking-household-attendees',
          '0033-duty-swaps',
          '0035-duty-assignments-event',
          '0036-privacy-permission',
          '0038-attendance',
          '0039-household-members',
          '0040-document-keep-offline',
          '0041-sign-in-seeds-and-passkey-sessions',
          '0042-booking-amendments',
          '0044-household-invitation-emails',
          '0046-walk-ins',
          '0047-booking-change-checkouts',
          '0048-membership',
          '0050-membership-orders',
          '0051-membership-applications',
          '0052-membership-order-refunds',
          '0053-event-series',
          '0054-member-availability',
          '0055-duty-second-same-day',
          '0056-announcements',
          '0058-push-subscriptions',
          '0059-push-outbox',
          '0061-search-table-per-index',
        ]);
      } finally {
        await reopened.destroy();
      }
    } finally {
      await close().catch(() => undefined);
    }
  });

  it('runs in memory too, with nothing left behind', async () => {
    const first = await openSqliteDatabase(':memory:');
    await new SqliteEventRepository(first).create(anEvent());
    expect(await new SqliteEventRepository(first).get('summer-regatta')).toEqual(anEvent());
    await first.destroy();
    const second = await openSqliteDatabase(':memory:');
    expect(await new SqliteEventRepository(second).get('summer-regatta')).toBeNull();
    await second.destroy();
  });

  it('writes to disk through a write-ahead log with foreign keys enforced', async () => {
    await onFreshDatabase(async ({ db }) => {
      const [journal] = await db.raw('PRAGMA journal_mode');
      const [foreignKeys] = await db.raw('PRAGMA foreign_keys');
      const [busy] = await db.raw('PRAGMA busy_timeout');
      expect(journal.journal_mode).toBe('wal');
      expect(foreignKeys.foreign_keys).toBe(1);
      expect(Object.values(busy)[0]).toBeGreaterThan(0);
    });
  });

  it("bounds each connection's page cache to what docs/storage.md#memory says, not better-sqlite3's 16 MB", async () => {
    await onFreshDatabase(async ({ db }) => {
      // A negative cache_size is the cache's most, in KiB.
      const [writer] = await db.raw('PRAGMA cache_size');
      expect(writer.cache_size).toBe(-2000);
      expect(readConnection(db).pragma('cache_size', { simple: true })).toBe(-8000);
    });
  });
});

describe('SQLite after the server is killed (kill -9)', () => {
  it('keeps every committed write and none half done', async () => {
    const sqlite = tempSqlite('kyc-killed-');
    try {
      const file = sqlite.file;
      const worker = fileURLToPath(new URL('../../support/contract/sqlite-kill-worker.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', worker, file, '20'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve, reject) => {
        // A hang guard (ADR 10): starting tsx on a loaded machine can take tens of seconds.
        const timer = setTimeout(() => reject(new Error(`the worker did not start writing within ${WORKER_LIMIT_MS / 1000} s:\n${output}`)), WORKER_LIMIT_MS);
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('writing')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', () => reject(new Error(`the worker ended on its own:\n${output}`)));
      });
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      // Its committed writes are still only in the write-ahead log, which the next start reads.
      expect(existsSync(`${file}-wal`)).toBe(true);

      const reopened = await openSqliteDatabase(file);
      try {
        const bookings = new SqliteBookingRepository(reopened);
        expect(await bookings.countByEvent('summer-regatta')).toBe(20);
        expect((await bookings.listByEvent('summer-regatta')).map((b) => b.id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `kept-${i}`).sort());
        expect(await reopened.raw('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      } finally {
        await reopened.destroy();
      }
    } finally {
      await sqlite.close();
    }
  });
});

describe('SQLite write transactions', () => {
  it(
    'never overfill an event when several server processes book at the same moment',
    async () => {
      await onFreshDatabase(async ({ db, file }) => {
        const worker = fileURLToPath(new URL('../../support/contract/sqlite-booking-worker.ts', import.meta.url));
        // 450 bookings of 1 for 200 places, from three processes that start together once every
        // one has opened the database, so that they really race.
        const outputs = await runTogether(
          ['p1', 'p2', 'p3'].map((prefix) => ({ args: ['--import', 'tsx', worker, file, '150', prefix, '200'] })),
          WORKER_LIMIT_MS,
        );
        const added = outputs.map((stdout) => (JSON.parse(stdout) as { added: number }).added);
        expect(added.reduce((sum, n) => sum + n, 0)).toBe(200);
        const bookings = new SqliteBookingRepository(db);
        expect(await bookings.countByEvent('summer-regatta')).toBe(200);
        // The ledger, written by three processes, counts exactly the bookings they made.
        const now = new Date('2026-06-01T09:00:00.000Z');
        expect((await bookings.placesTakenByEvent(['summer-regatta'], now)).get('summer-regatta')).toBe(200);
        expect(await bookings.checkPlaces({ now, repair: false })).toEqual([]);
      });
    },
    WORKER_TEST_TIMEOUT_MS,
  );

  it('undo everything when the work fails, and later transactions still run', async () => {
    await onFreshDatabase(async ({ db }) => {
      const failure = await rejectionOf(
        writeTransaction(db, async (trx) => {
          await trx('campaigns').insert({ id: 'half-done', subject: 'x', finished_at: null, finishedAtMs: null, preview_url: null });
          throw new Error('stop here');
        }),
      );
      expect((failure as Error).message).toBe('stop here');
      expect(await db('campaigns').count({ n: '*' }).first()).toEqual({ n: 0 });

      const bookings = new SqliteBookingRepository(db);
      const result = await bookings.addIfPlacesRemain(aBooking(), { capacity: 1, now: new Date('2026-06-01T09:00:00.000Z') });
      expect(result).toEqual({ added: true });
    });
  });

  it('made while the queue is busy commit as one group: each all or nothing, each seeing those before it, answered after the commit', async () => {
    await onFreshDatabase(async ({ db }) => {
      const reader = readConnection(db);
      const committed = () => (reader.prepare('SELECT id FROM campaigns ORDER BY id').all() as { id: string }[]).map((row) => row.id);
      const insert = (id: string) => (writes: { statement(sql: string): { run(...params: unknown[]): unknown } }) =>
        writes.statement('INSERT INTO campaigns (id, subject) VALUES (?, ?)').run(id, 'x');
      // A transaction under way holds the queue; the calls made meanwhile wait for it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = writeTransaction(db, () => held);
      const seenByLater: string[] = [];
      const calls = [
        preparedWriteTransaction(db, insert('a')),
        preparedWriteTransaction(db, (writes) => {
          insert('b')(writes);
          throw new Error('b refused');
        }),
        preparedWriteTransaction(db, (writes) => {
          // The earlier works of the group are seen here, not yet committed for anyone else.
          seenByLater.push(...(writes.statement('SELECT id FROM campaigns ORDER BY id').all() as { id: string }[]).map((row) => row.id));
          expect(committed()).toEqual([]);
          insert('c')(writes);
          return 'c done';
        }),
      ];
      const settled = Promise.allSettled(calls);
      release();
      await holding;
      const [a, b, c] = await settled;
      expect(a).toEqual({ status: 'fulfilled', value: expect.anything() });
      expect(b).toEqual({ status: 'rejected', reason: new Error('b refused') });
      expect(c).toEqual({ status: 'fulfilled', value: 'c done' });
      expect(seenByLater).toEqual(['a']);
      expect(committed()).toEqual(['a', 'c']);
    });
  });

  it('in a group that cannot commit all fail, and nothing of the group is written', async () => {
    await onFreshDatabase(async ({ db }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = writeTransaction(db, () => held);
      const calls = [
        preparedWriteTransaction(db, ({ statement }) => statement("INSERT INTO campaigns (id, subject) VALUES ('kept?', 'x')").run()),
        // SQLite ends the whole transaction on this one: the group's earlier work is undone with it.
        preparedWriteTransaction(db, ({ statement }) => statement('ROLLBACK').run()),
      ];
      const settled = Promise.allSettled(calls);
      release();
      await holding;
      expect((await settled).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      expect(await db('campaigns').count({ n: '*' }).first()).toEqual({ n: 0 });
      // Later transactions still run.
      await preparedWriteTransaction(db, ({ statement }) => statement("INSERT INTO campaigns (id, subject) VALUES ('later', 'x')").run());
      expect(await db('campaigns').pluck('id')).toEqual(['later']);
    });
  });

  it(`hold at most ${MAX_GROUP} calls a group, and answer every call of a longer queue`, async () => {
    await onFreshDatabase(async ({ db }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = writeTransaction(db, () => held);
      const reader = readConnection(db);
      const counts: number[] = [];
      const calls = Array.from({ length: MAX_GROUP * 2 + 1 }, (_, i) =>
        preparedWriteTransaction(db, ({ statement }) => {
          counts.push((reader.prepare('SELECT COUNT(*) AS n FROM campaigns').get() as { n: number }).n);
          statement('INSERT INTO campaigns (id, subject) VALUES (?, ?)').run(`c${i}`, 'x');
          return i;
        }),
      );
      release();
      await holding;
      expect(await Promise.all(calls)).toEqual(Array.from({ length: MAX_GROUP * 2 + 1 }, (_, i) => i));
      // What each call saw committed: nothing in the first group, its 100 in the second, 200 in the third.
      expect(new Set(counts)).toEqual(new Set([0, MAX_GROUP, MAX_GROUP * 2]));
    });
  });

  it('refuse a damaged row instead of passing it on', async () => {
    await onFreshDatabase(async ({ db }) => {
      const events = new SqliteEventRepository(db);
      await events.create(anEvent());
      await db('events').update({ currency: 'XYZ' });
      await expect(events.get('summer-regatta')).rejects.toThrow();
    });
  });
});

describe('SQLite hot reads (the read connection)', () => {
  it('see a write as soon as it commits, never one half done, and do not wait for it', async () => {
    await onFreshDatabase(async ({ db }) => {
      const events = new SqliteEventRepository(db);
      const bookings = new SqliteBookingRepository(db);
      await events.create(anEvent());
      await bookings.addIfPlacesRemain(aBooking({ id: 'b1' }), { capacity: 10, now: new Date('2026-06-01T09:00:00.000Z') });
      expect(await bookings.get('b1')).toEqual(aBooking({ id: 'b1' }));

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let updated!: () => void;
      const written = new Promise<void>((resolve) => (updated = resolve));
      const writing = writeTransaction(db, async (trx) => {
        await trx('events').where({ id: 'summer-regatta' }).update({ name: 'Renamed Regatta' });
        updated();
        await held;
      });
      await written;
      // The transaction holds the write lock, its change not committed: the read answers at once.
      expect((await events.get('summer-regatta'))?.name).toBe('Summer Regatta');
      release();
      await writing;
      expect((await events.get('summer-regatta'))?.name).toBe('Renamed Regatta');
    });
  });

  it('run on a read-only connection to the same file, closed with the database', async () => {
    const { db, file, close } = await freshDatabase();
    const reader = readConnection(db);
    expect(reader.readonly).toBe(true);
    expect(reader.name).toBe(file);
    await close();
    expect(reader.open).toBe(false);

    const inMemory = await openSqliteDatabase(':memory:');
    const throwaway = readConnection(inMemory).name;
    expect(existsSync(throwaway)).toBe(true);
    await inMemory.destroy();
    expect(existsSync(throwaway)).toBe(false);
  });
});

describe('migration 0013: documents’ files move out of the table', () => {
  it('writes each stored PDF to DATA_DIR/files and points its row at it, ordered by title; the file reads back byte for byte', async () => {
    await withTempSqlite(
      async (sqlite) => {
        const { dir, file } = sqlite;
        // A database as the previous version left it: migrations up to 0010, PDFs in the rows.
        const old = await databaseUpTo(file, '0010-waiting-list');
        const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text} \u0000\u00ff`, 'latin1');
        for (const [id, title] of [
          ['rules', 'Sailing rules'],
          ['fees', 'Annual fees'],
        ]) {
          await old('documents').insert({
            id,
            title,
            description: '',
            category: 'Club',
            fileName: `${id}.pdf`,
            tags: '[]',
            fileFileName: `${id}.pdf`,
            fileContentType: 'application/pdf',
            fileBytes: pdf(id),
          });
        }
        await old.destroy();

        const db = await sqlite.open();
        const documents = new SqliteDocumentRepository(db);
        expect((await documents.list()).map((d) => [d.id, d.position])).toEqual([
          ['fees', 0],
          ['rules', 1],
        ]);
        const files = new DirectoryFileStore(join(dir, 'files'));
        expect(await files.list('documents/')).toHaveLength(2);
        const got = await new GetDocumentFile({ documents, files }).execute('rules');
        expect(Buffer.from(got.bytes).equals(pdf('rules'))).toBe(true);
        expect(got.fileName).toBe('rules.pdf');
        const columns = await db('documents').columnInfo();
        expect(Object.keys(columns)).not.toContain('fileBytes');
        // Undone, the PDFs are back in the rows; done again, back in the file store.
        // Later migrations (0014) come off first, then 0013.
        await undoWhile(db, async () => !(await db.schema.hasColumn('documents', 'fileBytes')));
        const back = (await db('documents').where({ id: 'rules' }).first('fileBytes')) as { fileBytes: Uint8Array };
        expect(Buffer.from(back.fileBytes).equals(pdf('rules'))).toBe(true);
        await migrateToLatest(db);
        expect(Buffer.from((await new GetDocumentFile({ documents, files }).execute('fees')).bytes).equals(pdf('fees'))).toBe(true);
      },
      'kyc-0013-',
      'kyc.sqlite',
    );
  });
});

describe('migration 0031: My club’s waiting-list entries, work-day sign-ups and feed', () => {
  it('gives sign-ups stored before it their e-mail key and entries no member, so My club finds them; undone and done again', async () => {
    await onMigratedDatabase('kyc-0031-', async (db) => {
      const workDays = new SqliteWorkDayRepository(db);
      const waitingList = new SqliteWaitingList(db);
      await workDays.create(aWorkDay());
      const signup = { ...aSignup(), email: ' Ann@Example.org' };
      await workDays.addSignup(signup);
      const entry = anEntry('e-1', { email: 'Ann@Example.org' });
      await waitingList.join(entry, []);
      await undoMigration(db, '0031-my-club-lists-and-feed');
      expect(await db.schema.hasColumn('work_day_signups', 'emailKey')).toBe(false);
      expect(await db.schema.hasColumn('waitlist_entries', 'memberId')).toBe(false);
      expect(await db.schema.hasTable('member_calendar_feeds')).toBe(false);
      await migrateToLatest(db);
      expect(await workDays.listSignupsByEmail('ann@example.org', 10)).toEqual([signup]);
      expect(await waitingList.listInLineForMember({ memberId: 'm-1', emailKey: 'ann@example.org' }, 10)).toEqual([entry]);
    });
  });
});

describe('migration 0030: bookings found by their e-mail', () => {
  it('gives bookings stored before it their e-mail key, so My club finds them; undone and done again', async () => {
    await onMigratedDatabase('kyc-0030-', async (db) => {
      const bookings = new SqliteBookingRepository(db);
      const booking = aBooking({ userEmail: ' Ann@Example.org' });
      await bookings.addIfPlacesRemain(booking, { capacity: null, now: new Date('2026-06-01T09:00:00.000Z') });
      // Later migrations come off first, then 0030.
      await undoWhile(db, () => db.schema.hasColumn('bookings', 'emailKey'));
      expect(await db.schema.hasColumn('bookings', 'emailKey')).toBe(false);
      await migrateToLatest(db);
      expect(await bookings.listForMember({ memberId: 'm-1', emailKey: 'ann@example.org' }, 10)).toEqual([booking]);
      // A row that lost its key (edited by hand) is given it again at start, as the migration did.
      await db('bookings').update({ emailKey: null });
      expect(await bookings.assignMissingEmailKeys()).toBe(1);
      expect(await bookings.assignMissingEmailKeys()).toBe(0);
      expect(await bookings.listForMember({ memberId: 'm-1', emailKey: 'ann@example.org' }, 10)).toEqual([booking]);
    });
  });
});

describe('migration 0025: member prices and households', () => {
  it('reads bookings stored before it as standard-price guest bookings and events as without a member price; undone and done again', async () => {
    await onMigratedDatabase('kyc-0025-', async (db) => {
      const events = new SqliteEventRepository(db);
      const bookings = new SqliteBookingRepository(db);
      const households = new SqliteHouseholdRepository(db);
      await events.create(anEvent({ requiresPayment: true, price: 1500, memberPrice: 1000 }));
      const booking = aBooking({ priceKind: 'member', memberId: 'member-1', memberPlaces: 1 });
      await bookings.addIfPlacesRemain(booking, { capacity: null, now: new Date('2026-06-01T09:00:00.000Z') });
      // Undone: the columns and the table go, the rest stays.
      // Later migrations come off first, then 0025.
      await undoWhile(db, () => db.schema.hasColumn('bookings', 'priceKind'));
      expect(await db.schema.hasColumn('bookings', 'priceKind')).toBe(false);
      expect(await db.schema.hasTable('household_people')).toBe(false);
      await migrateToLatest(db);
      expect(await bookings.get(booking.id)).toEqual({ ...booking, priceKind: 'standard', memberId: null, memberPlaces: 0 });
      expect((await events.get(anEvent().id))?.memberPrice).toBeUndefined();
      expect(await households.listForMember('member-1')).toEqual([]);
    });
  });
});

describe('migration 0039: households of several members', () => {
  it('makes each member with dependants the contact of a household of one member bearing their id; undone and done again', async () => {
    await onMigratedDatabase('kyc-0039-', async (db) => {
      const households = new SqliteHouseholdRepository(db);
      await undoWhile(db, () => db.schema.hasTable('household_members'));
      const person = {
        id: 'hp-1',
        memberId: 'member-1',
        name: 'Tom Sailor',
        kind: 'junior',
        yearOfBirth: 2016,
        createdAt: '2026-05-01T10:00:00.000Z',
        updatedAt: '2026-05-01T10:00:00.000Z',
      };
      await db('household_people').insert([person, { ...person, id: 'hp-2', createdAt: '2026-05-02T10:00:00.000Z' }]);
      await migrateToLatest(db);
      expect(await households.membersOf('member-1')).toEqual([
        { householdId: 'member-1', memberId: 'member-1', contact: true, joinedAt: '2026-05-01T10:00:00.000Z' },
      ]);
      expect(await households.membershipOf('member-2')).toBeNull();
      expect((await households.listForMember('member-1')).map((p) => p.id)).toEqual(['hp-1', 'hp-2']);
    });
  });
});

describe('migration 0044: household invitations keep their e-mail', () => {
  it('gives each invitation waiting its member’s e-mail; then one without a member is stored; undone and done again', async () => {
    await onMigratedDatabase('kyc-0044-', async (db) => {
      const households = new SqliteHouseholdRepository(db);
      const at = '2026-05-01T10:00:00.000Z';
      await new SqliteMemberRepository(db).create({
        id: 'member-bob',
        name: 'Bob',
        email: 'Bob@Club.example',
        membershipType: 'Adult',
        renewalDate: '2027-03-31',
        disabled: false,
        createdAt: at,
        updatedAt: at,
      });
      await undoWhile(db, () => db.schema.hasColumn('household_invitations', 'email'));
      await db('household_invitations').insert({ id: 'inv-1', householdId: 'h-1', memberId: 'member-bob', invitedBy: 'member-ann', createdAt: at });
      await migrateToLatest(db);
      expect(await households.getInvitation('inv-1')).toEqual({
        id: 'inv-1',
        householdId: 'h-1',
        memberId: 'member-bob',
        email: 'bob@club.example',
        invitedBy: 'member-ann',
        createdAt: at,
      });
      const nobody = { id: 'inv-2', householdId: 'h-1', memberId: null, email: 'nobody@example.org', invitedBy: 'member-ann', createdAt: at };
      expect(await households.addInvitation(nobody, 8)).toBe('invited');
      // Undone back to before 0044, through any migration that came after it.
      await undoWhile(db, () => db.schema.hasColumn('household_invitations', 'email'));
      expect(await db('household_invitations').pluck('id')).toEqual(['inv-1']);
      await migrateToLatest(db);
      expect((await households.invitationsOf('h-1')).map((i) => i.email)).toEqual(['bob@club.example']);
    });
  });
});

describe('migration 0023: the member list', () => {
  it('gives members:write (and, with 0028 and 0036, duties:write and privacy:manage) to each admin holding admins:manage, and to no other', async () => {
    await withTempSqlite(
      async (sqlite) => {
        const old = await databaseUpTo(sqlite.file, '0022-campaign-content');
        const admin = (uid: string, permissions: string[]) => ({
          uid,
          email: `${uid}@club.example`,
          emailKey: `${uid}@club.example`,
          name: uid,
          role: 'admin',
          permissions: JSON.stringify(permissions),
          disabled: 0,
          createdAt: '2026-01-01T12:00:00.000Z',
        });
        await old('admins').insert([admin('manager', ['events:read', 'admins:manage']), admin('editor', ['events:read', 'events:write'])]);
        await old.destroy();

        const db = await sqlite.open();
        const admins = new SqliteAdminRepository(db);
        // Migrations 0028 and 0036 run in the same batch and give duties:write and privacy:manage the same way.
        expect((await admins.getByUid('manager'))?.permissions).toEqual(['events:read', 'admins:manage', 'members:write', 'duties:write', 'privacy:manage']);
        expect((await admins.getByUid('editor'))?.permissions).toEqual(['events:read', 'events:write']);
        // Later migrations (0024 to 0040) come off first, then 0023.
        await undoWhile(db, () => db.schema.hasTable('members'));
        expect((await admins.getByUid('manager'))?.permissions).toEqual(['events:read', 'admins:manage']);
        expect(await db.schema.hasTable('members')).toBe(false);
      },
      'kyc-0023-',
      'kyc.sqlite',
    );
  });
});

describe('migration 0029: passkey challenges', () => {
  it('adds the challenges table beside the passkeys; undone and done again', async () => {
    await onMigratedDatabase('kyc-0029-', async (db) => {
      const challenges = new SqlitePasskeyChallengeRepository(db);
      const challenge = {
        challengeHash: 'h',
        purpose: 'authentication' as const,
        memberId: null,
        createdAt: '2026-06-01T09:00:00.000Z',
        expiresAt: '2026-06-01T09:05:00.000Z',
      };
      await challenges.put(challenge);
      await undoMigration(db, '0029-passkey-challenges');
      expect(await db.schema.hasTable('passkey_challenges')).toBe(false);
      expect(await db.schema.hasTable('passkeys')).toBe(true);
      await migrateToLatest(db);
      expect(await challenges.take('h', 'authentication', new Date('2026-06-01T09:01:00.000Z'))).toBeNull();
    });
  });
});

describe('migration 0047: a larger change waits for its own checkout', () => {
  it('reads bookings stored before it as with no change waiting; keeps change checkouts findable; undone and done again', async () => {
    await onMigratedDatabase('kyc-0047-', async (db) => {
      const bookings = new SqliteBookingRepository(db);
      const booking = aCardPaidBooking({ id: 'before-0047' });
      await bookings.addIfPlacesRemain(booking, { capacity: null, now: new Date('2026-06-01T09:00:00.000Z') });
      await undoWhile(db, () => db.schema.hasTable('booking_checkouts'));
      expect(await db.schema.hasColumn('bookings', 'pendingChange')).toBe(false);
      await migrateToLatest(db);
      expect(await bookings.get('before-0047')).toEqual(booking);
      const pendingChange = aPendingChange();
      await bookings.change('before-0047', new Date('2026-06-01T09:05:00.000Z'), (current) => ({ booking: { ...current, pendingChange, changeAttempts: 1 } }));
      expect(await bookings.findByCheckoutId('chk-c1')).toMatchObject({ id: 'before-0047', pendingChange, changeAttempts: 1 });
    });
  });
});
