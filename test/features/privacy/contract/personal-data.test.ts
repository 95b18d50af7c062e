import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { MemoryBookingRepository } from '../../../../adapters/memory/memory-booking-repository';
import { MemoryHouseholdRepository } from '../../../../adapters/memory/memory-household-repository';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemoryPersonalDataStore } from '../../../../adapters/memory/memory-personal-data-store';
import { SqliteAuditLog } from '../../../../adapters/sqlite/sqlite-audit-log';
import { SqliteBookingRepository } from '../../../../adapters/sqlite/sqlite-booking-repository';
import { SqliteHouseholdRepository } from '../../../../adapters/sqlite/sqlite-household-repository';
import { SqliteMemberRepository } from '../../../../adapters/sqlite/sqlite-member-repository';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import { SqlitePersonalDataStore } from '../../../../adapters/sqlite/sqlite-personal-data-store';
import { SqliteSearchIndex } from '../../../../adapters/sqlite/sqlite-search-index';
import { firestoreRepositories } from '../../../../adapters/firestore/firestore-storage';
import type { AuditLog } from '../../../../core/audit/audit-log.port';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import { newOutboxMessage } from '../../../../core/mail/outbox';
import type { Outbox } from '../../../../core/mail/outbox.port';
import type { HouseholdRepository } from '../../../../core/members/household-repository.port';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import type { PersonalDataStore } from '../../../../core/privacy/personal-data-store.port';
import { erasureRewrites, personRecords, replacementFor } from '../../../../core/privacy/personal-records';
import type { SearchIndex } from '../../../../core/search/search-index.port';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { aBooking } from '../../../support/entities';

// Erasure (docs/privacy-requests.md): after erasing a person, a scan of every table, collection and index record finds none
// of their name, e-mail, boat or phone, while revenue and booking counts are unchanged; and a
// person's records are found each once, without anybody else's. On memory, SQLite and the Firestore emulator.

const firestore = useFirestoreEmulator();

interface Store {
  personalData: PersonalDataStore;
  bookings: BookingRepository;
  members: MemberRepository;
  households: HouseholdRepository;
  outbox: Outbox;
  audit: AuditLog;
  /** Everything the storage holds as text, read apart from the adapter where the storage allows it. */
  dump(): Promise<string>;
  /** The search index beside the storage, or null where it is another service. */
  search: SearchIndex | null;
  /** The raw bytes of the storage's files (SQLite's database file and its -wal) as text, or null where it has none the club copies. */
  fileBytes: (() => string) | null;
  close(): Promise<void>;
}

/** Every table of the database, virtual (full-text) and shadow tables included, as text. */
async function dumpSqlite(db: Knex): Promise<string> {
  const tables: { name: string }[] = await db('sqlite_master').where({ type: 'table' }).select('name');
  const out: unknown[] = [];
  for (const { name } of tables) out.push(name, await db.raw(`SELECT * FROM "${name}"`));
  return JSON.stringify(out, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : v));
}

const STORES: [string, () => Promise<Store>][] = [
  [
    'memory',
    async () => {
      const outbox = new MemoryOutbox();
      const audit = new MemoryAuditLog();
      const ports = {
        outbox,
        audit,
        bookings: new MemoryBookingRepository(outbox, audit),
        members: new MemoryMemberRepository(),
        households: new MemoryHouseholdRepository(),
      };
      const personalData = new MemoryPersonalDataStore(ports);
      return { ...ports, personalData, dump: async () => JSON.stringify(await personalData.scan()), search: null, fileBytes: null, close: async () => {} };
    },
  ],
  [
    'SQLite',
    async () => {
      const { db, file, close } = await openTempSqlite('kyc-privacy-');
      return {
        personalData: new SqlitePersonalDataStore(db),
        bookings: new SqliteBookingRepository(db),
        members: new SqliteMemberRepository(db),
        households: new SqliteHouseholdRepository(db),
        outbox: new SqliteOutbox(db),
        audit: new SqliteAuditLog(db),
        dump: () => dumpSqlite(db),
        search: new SqliteSearchIndex(db),
        fileBytes: () =>
          [file, `${file}-wal`]
            .filter((path) => existsSync(path))
            .map((path) => readFileSync(path).toString('latin1'))
            .join('\n'),
        close,
      };
    },
  ],
  [
    'Firestore emulator',
    async () => {
      const { emulator, db } = firestore();
      await emulator.reset();
      const ports = firestoreRepositories(db);
      return { ...ports, dump: async () => JSON.stringify(await ports.personalData.scan()), search: null, fileBytes: null, close: async () => {} };
    },
  ],
];

const AT = '2026-06-01T09:00:00.000Z';
/** Words no fixture or generated text holds by chance. */
const word = fc.stringMatching(/^[A-Z][a-z]{3,9}$/);
const people = fc.record({ first: word, last: word, boat: word, amount: fc.integer({ min: 100, max: 50_000 }) });

describe.each(STORES)('PersonalDataStore on %s', (_name, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  let run = 0;
  it('erases a person from every record while revenue and counts stay; finds each of another’s records once, and nobody else’s', async () => {
    await fc.assert(
      fc.asyncProperty(people, people, async (a, b) => {
        run += 1;
        // Unique per run, so one run's people never stand in another's records.
        const ann = {
          ...a,
          first: `Ann${a.first}${run}`,
          last: `Q${a.last}x${run}`,
          boat: `Boat${a.boat}${run}`,
          email: `ann.${run}@Example.org`,
          phone: `07700 9${String(run).padStart(5, '0')}`,
        };
        const bob = { ...b, first: `Bob${b.first}${run}`, last: `Z${b.last}y${run}`, boat: `Hull${b.boat}${run}`, email: `bob.${run}@example.org` };
        const memberId = `member-${run}`;
        await store.members.create({
          id: memberId,
          name: `${ann.first} ${ann.last}`,
          email: ann.email,
          membershipType: 'Family',
          renewalDate: '2027-03-31',
          disabled: false,
          phone: ann.phone,
          emergencyContactName: `Gwen ${ann.last}`,
          createdAt: AT,
          updatedAt: AT,
        });
        await store.households.add(
          { id: `kid-${run}`, memberId, name: `Milly ${ann.last}`, kind: 'junior', yearOfBirth: 2016, createdAt: AT, updatedAt: AT },
          12,
        );
        const booking = (who: typeof ann | typeof bob, id: string) =>
          aBooking({
            id,
            eventId: `event-${run}`,
            firstName: who.first,
            lastName: who.last,
            boatName: who.boat,
            userEmail: who.email,
            paymentRequired: true,
            paid: true,
            paymentAmount: who.amount,
            paymentCurrency: 'GBP',
            paymentMethod: 'cash',
            paymentCompletedAt: AT,
          });
        await store.bookings.addIfPlacesRemain({ ...booking(ann, `ann-booking-${run}`), memberId }, { capacity: null, now: new Date(AT) });
        await store.bookings.addIfPlacesRemain(booking(bob, `bob-booking-${run}`), { capacity: null, now: new Date(AT) });
        await store.outbox.add([
          newOutboxMessage(
            `mail-ann-${run}`,
            'booking-confirmation',
            `ann-booking-${run}`,
            {
              to: ann.email.toUpperCase(),
              subject: 'Booked',
              text: `Dear ${ann.first}, boat ${ann.boat}`,
              html: `<p>Dear ${ann.first} ${ann.last}</p>`,
              attachments: [],
            },
            new Date(AT),
          ),
          newOutboxMessage(
            `mail-bob-${run}`,
            'booking-confirmation',
            `bob-booking-${run}`,
            { to: bob.email, subject: 'Booked', text: `Dear ${bob.first}`, html: `<p>Dear ${bob.first}</p>`, attachments: [] },
            new Date(AT),
          ),
        ]);
        await store.audit.append([
          {
            id: `audit-ann-${run}`,
            at: AT,
            actor: { kind: 'admin', uid: 'admin-1', email: 'admin@club.example' },
            action: 'booking.corrected',
            recordType: 'booking',
            recordId: `ann-booking-${run}`,
            summary: 'Corrected',
            changes: [{ field: 'lastName', before: `Old${ann.last}`, after: ann.last }],
          },
        ]);
        const bookingsBefore = await store.bookings.listAll();
        const revenue = (list: typeof bookingsBefore) => list.reduce((sum, x) => sum + (x.paid ? (x.paymentAmount ?? 0) : 0), 0);

        // Bob's records: each once, and none of Ann's.
        const bobs = personRecords(await store.personalData.scan(), bob.email);
        expect(new Set(bobs.map((r) => `${r.kind} ${r.id}`)).size).toBe(bobs.length);
        expect(bobs.some((r) => JSON.stringify(r).includes(bob.boat))).toBe(true);
        for (const mark of [ann.first, ann.last, ann.email.toLowerCase()]) expect(JSON.stringify(bobs).toLowerCase()).not.toContain(mark.toLowerCase());

        const records = personRecords(await store.personalData.scan(), ann.email.toLowerCase());
        await store.personalData.rewrite(erasureRewrites(records, ann.email, replacementFor(`Person ${run}abc`)));

        const everything = (await store.dump()).toLowerCase();
        for (const mark of [ann.first, ann.last, `Old${ann.last}`, ann.boat, ann.email, ann.phone]) expect(everything).not.toContain(mark.toLowerCase());
        for (const mark of [bob.first, bob.last, bob.boat, bob.email]) expect(everything).toContain(mark.toLowerCase());
        const bookingsAfter = await store.bookings.listAll();
        expect(bookingsAfter).toHaveLength(bookingsBefore.length);
        expect(revenue(bookingsAfter)).toBe(revenue(bookingsBefore));
        if (store.search) expect(await store.search.search(ann.last, { hitsPerIndex: 10 })).toEqual([]);
      }),
      { numRuns: 4, endOnFailure: true },
    );
  }, 240_000);

  it('drops old copies: what is read back is unchanged, and the files hold no copy of a rewritten record as it was', async () => {
    const email = 'dropped.copies@example.org';
    await store.members.create({
      id: 'member-drop',
      name: 'Ysolde Pennicott',
      email,
      membershipType: 'Adult',
      renewalDate: '2027-03-31',
      disabled: false,
      phone: '07700 900991',
      createdAt: AT,
      updatedAt: AT,
    });
    await store.personalData.rewrite(erasureRewrites(personRecords(await store.personalData.scan(), email), email, replacementFor('Person dropabc')));
    const before = await store.personalData.scan();
    await store.personalData.dropOldCopies();
    expect(await store.personalData.scan()).toEqual(before);
    if (store.fileBytes) for (const mark of ['Pennicott', email, '07700 900991']) expect(store.fileBytes()).not.toContain(mark);
  });
});
