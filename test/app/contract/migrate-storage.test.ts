import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFirestore, countFirestoreDocuments, firestoreRepositories, openFirestore } from '../../../adapters/firestore/firestore-storage';
import { MemorySearchIndex } from '../../../adapters/memory/memory-search-index';
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { DUTY_MESSAGES } from '../../../core/duties/duties';
import { ConflictError } from '../../../core/shared/errors';
import { aSlot, anAssignment } from '../../features/duties/contract/duty-repository.contract';
import { DATABASE_FILE_NAME } from '../../../server/container';
import { DirectoryFileStore } from '../../../adapters/system/directory-file-store';
import { GetDocumentFile } from '../../../core/content/club-content';
import { patternedBytes } from './file-store.contract';
import { demoData } from '../../../server/seed/demo-data';
import { seedDemoData } from '../../../server/seed/seed-demo-data';
import type { FirestoreEmulator } from '../../support/firestore-emulator';
import { sqliteStorage } from '../../support/stores';
import { startFileEmulator } from '../../support/firestore-emulator-for-file';
import { grantPhasePermissions } from '../../../adapters/firestore/firestore-permission-grants';
import { tempSqlite, type TempSqlite } from '../../support/temp-sqlite';
import { anAdmin, anApplication, anEventSeries, aPhoto } from '../../support/entities';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../core/membership/membership-settings';
import { runMigrateStorage } from '../../../scripts/migrate-storage';
import { runHere } from '../../support/command-output';

const NOW = new Date('2026-05-20T10:00:00.000Z');
const SCRIPT = fileURLToPath(new URL('../../../scripts/migrate-storage.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PREFIX = 'migrated_';

let emulator: FirestoreEmulator | undefined;
let firestore: Firestore | undefined;
let source: TempSqlite | undefined;
let dataDir: string;

/** The duty slots seeded (both of the demo's first event), and the members on them. */
const SLOT_IDS = ['slot-safety', 'slot-galley'];
const MEMBERS_ON_DUTY = ['mem-ann', 'mem-bob', 'mem-cat'];

/** The demo data the server seeds, plus what only a running server writes: admins, credentials, sessions, failed sign-ins. */
async function seedSqlite(file: string): Promise<void> {
  const db = await openSqliteDatabase(file);
  try {
    const repos = sqliteStorage(db);
    const files = new DirectoryFileStore(join(dirname(file), 'files'));
    await seedDemoData({ ...repos, files, search: new MemorySearchIndex(), clubName: 'Kestrel Yacht Club' }, NOW);
    // A page an admin edited moves with its Markdown; the other keeps its original words on both sides.
    await repos.sitePages.save({
      slug: 'beginners',
      title: 'Tips for Beginners',
      body: '## Afloat\n\n- Wear a **buoyancy aid**.',
      updatedAt: '2026-05-20T10:00:00+01:00',
      updatedBy: 'commodore@club.example',
    });
    // Settings an admin saved move as they are (the demo seeded the categories).
    await repos.membership.saveSettings({ ...DEFAULT_MEMBERSHIP_SETTINGS, year: { kind: 'rolling' }, reminderDays: [-14, 0] });
    // Two members' households, three people in all: one Firestore document per household.
    for (const [id, memberId, name] of [
      ['hp-1', 'member-a', 'Tom Sailor'],
      ['hp-2', 'member-a', 'Tess Sailor'],
      ['hp-3', 'member-b', 'Ben Boat'],
    ] as const) {
      await repos.households.add(
        { id, memberId, name, kind: 'junior', yearOfBirth: 2016, createdAt: `2026-05-0${id.slice(-1)}T10:00:00.000Z`, updatedAt: '2026-05-09T10:00:00.000Z' },
        12,
      );
    }
    // Member A's household has a second member, who is its contact.
    await repos.households.join({ householdId: 'member-a', memberId: 'member-a', at: '2026-05-01T10:00:00.000Z' }, 8);
    await repos.households.join({ householdId: 'member-a', memberId: 'member-c', at: '2026-05-02T10:00:00.000Z' }, 8);
    await repos.households.setContact('member-a', 'member-c');
    // Its contact has invited another member, who has not answered yet.
    expect(
      await repos.households.addInvitation(
        { id: 'inv-d', householdId: 'member-a', memberId: 'member-d', email: 'd@example.org', invitedBy: 'member-c', createdAt: '2026-05-03T10:00:00.000Z' },
        8,
      ),
    ).toBe('invited');
    // A file no document points at (a photo's, say): the whole file store is copied, not only documents'.
    await files.put('photos/p1/w320.jpg', patternedBytes(2 * 1024 * 1024));
    await repos.photos.create(aPhoto({ id: 'photo-Jetty', position: 0 }));
    await repos.photos.create(aPhoto({ id: 'photo-race', position: 1, hidden: true, credit: '' }));
    await repos.members.create({
      id: 'mem-ann',
      name: 'Ann Other',
      email: 'Ann@Club.example',
      membershipType: 'Family',
      renewalDate: '2027-03-31',
      disabled: false,
      createdAt: '2026-05-20T10:00:00+01:00',
      updatedAt: '2026-05-21T09:00:00.000Z',
    });
    await repos.members.create({
      id: 'mem-bob',
      name: 'Bob Lapsed',
      email: 'bob@club.example',
      membershipType: 'Adult',
      renewalDate: '2025-03-31',
      disabled: true,
      createdAt: '2026-05-20T10:00:00.000Z',
      updatedAt: '2026-05-20T10:00:00.000Z',
    });
    // Ann's membership orders: a cash one waiting for an admin, and a household one paid by card.
    const order = {
      kind: 'renewal' as const,
      memberId: 'mem-ann',
      applicationId: null,
      categoryId: 'family',
      householdMemberIds: [],
      amount: 18_000,
      currency: 'GBP' as const,
      paysUntil: '2027-03-31',
      paymentId: null,
      paidAt: null,
      appliedAt: null,
      confirmedBy: null,
    };
    await repos.membershipOrders.create({ ...order, id: 'order-cash', method: 'cash', status: 'open', createdAt: '2026-05-20T10:00:00.000Z' });
    await repos.membershipOrders.create({
      ...order,
      id: 'order-card',
      householdMemberIds: ['mem-bob'],
      method: 'card',
      status: 'paid',
      paymentId: 'pay-ann-1',
      paidAt: '2026-05-19T10:05:00.000Z',
      appliedAt: '2026-05-19T10:05:00.000Z',
      createdAt: '2026-05-19T10:00:00.000Z',
    });
    // A season's series (its dates are among the events above, or none yet).
    await repos.events.createSeries(anEventSeries(), []);
    // Two applications to join: one waiting for its admission, one declined.
    await repos.membershipApplications.create(anApplication());
    await repos.membershipApplications.create(
      anApplication({
        id: 'app-2',
        email: 'dee@example.org',
        status: 'declined',
        reason: 'No places left',
        decidedBy: 'uid-commodore',
        decidedAt: '2026-11-02T10:00:00.000Z',
      }),
    );
    // Manages admins, and was let go of privacy:manage after SQLite's migration 0036 gave it.
    await repos.admins.create(
      anAdmin({ uid: 'uid-commodore', permissions: ['events:read', 'events:write', 'bookings:read', 'admins:manage', 'members:write', 'duties:write'] }),
    );
    await repos.admins.create(anAdmin({ uid: 'uid-treasurer', email: 'Treasurer@club.example', permissions: ['bookings:read'], disabled: true }));
    await repos.credentials.create({ uid: 'uid-commodore', email: 'commodore@club.example', passwordHash: 'scrypt$a$b', disabled: false });
    await repos.credentials.create({ uid: 'uid-treasurer', email: 'Treasurer@club.example', passwordHash: 'scrypt$c$d', disabled: true });
    await repos.sessions.create({ tokenHash: 'ab12', uid: 'uid-commodore', createdAt: '2026-05-20T09:00:00+01:00', expiresAt: '2026-05-20T16:00:00.000Z' });
    await repos.loginAttempts.recordFailure(['email:pat@club.example', 'ip:203.0.113.7'], new Date('2026-05-20T09:30:00.000Z'));
    await repos.loginAttempts.recordFailure(['ip:203.0.113.7'], new Date('2026-05-20T09:31:00.000Z'));
    // Duty rosters: the catalogue, members' qualifications, two slots of one event (three members
    // on them), an open swap request and a withdrawn one.
    const race = demoData(NOW).events[0];
    await repos.duties.saveCatalogue('qualifications', { id: 'pb2', name: 'Powerboat Level 2', validityMonths: null });
    await repos.duties.saveCatalogue('qualifications', { id: 'first-aid', name: 'First Aid', validityMonths: 36 });
    await repos.duties.saveCatalogue('dutyTypes', { id: 'safety-boat', name: 'Safety boat driver', description: 'Drives the RIB', qualificationIds: ['pb2'] });
    await repos.duties.saveCatalogue('templates', { id: 'club-race', name: 'Club race', needs: [{ dutyTypeId: 'safety-boat', needed: 2, optional: false }] });
    await repos.duties.putMemberQualifications([
      { memberId: 'mem-ann', qualificationId: 'pb2', expiresOn: null },
      { memberId: 'mem-bob', qualificationId: 'first-aid', expiresOn: '2027-04-30' },
    ]);
    await repos.duties.addSlots([
      aSlot({ eventId: race.id }),
      aSlot({ id: 'slot-galley', eventId: race.id, dutyTypeId: 'galley', needed: 1, optional: true, createdAt: '2026-05-01T11:00:00.000Z' }),
    ]);
    // Bob was disabled after he took his duty (a disabled member may hold no new one).
    const bob = await repos.members.get('mem-bob');
    await repos.members.update({ ...bob!, disabled: false });
    await repos.duties.assign(anAssignment({ eventId: race.id, memberId: 'mem-bob', assignedAt: '2026-05-03T10:00:00.000Z' }));
    await repos.members.update(bob!);
    await repos.duties.assign(
      anAssignment({ eventId: race.id, memberId: 'mem-ann', assignedAt: '2026-05-02T10:00:00.000Z', overrideReason: 'Qualified last week' }),
    );
    await repos.duties.assign(anAssignment({ eventId: race.id, slotId: 'slot-galley', memberId: 'mem-cat', assignedAt: '2026-05-02T12:00:00.000Z' }));
    const swap = {
      id: 'swap-open',
      slotId: 'slot-safety',
      eventId: race.id,
      fromMemberId: 'mem-ann',
      toMemberId: null,
      window: anAssignment().window,
      createdAt: '2026-05-04T10:00:00.000Z',
      status: 'open',
      takenBy: null,
      takenAt: null,
    } as const;
    await repos.dutySwaps.create(swap);
    await repos.dutySwaps.create({ ...swap, id: 'swap-withdrawn', fromMemberId: 'mem-bob', toMemberId: 'mem-cat', status: 'withdrawn' });
    // Check-in: one booking marked twice (version 2), another once.
    const [first, second] = demoData(NOW).bookings;
    const mark = { eventId: first.eventId, arrived: 1, arrivedPeople: [], at: '2026-06-06T09:10:00.000Z', by: 'ood@club.example' };
    await repos.attendance.apply({ ...mark, key: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0001', bookingId: first.id, expectedVersion: 0 });
    await repos.attendance.apply({ ...mark, key: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0002', bookingId: first.id, expectedVersion: 1, arrived: 0 });
    await repos.attendance.apply({ ...mark, key: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c0003', bookingId: second.id, eventId: second.eventId, expectedVersion: 0 });
    // Walk-ins: one marked afloat, one removed (nothing of it is left to copy).
    const walkIn = {
      eventId: first.eventId,
      phone: '07700 900123',
      emergencyContactName: 'Sam Dee',
      emergencyContactPhone: '07700 900456',
      addedAt: '2026-06-06T09:20:00.000Z',
      addedBy: 'ood@club.example',
      afloat: null,
    };
    await repos.attendance.addWalkIn({ ...walkIn, id: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c00a1', name: 'Jo Walker' });
    await repos.attendance.applyWalkInAfloat({
      key: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c00a2',
      walkInId: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c00a1',
      entry: { afloat: true, at: '2026-06-06T09:30:00.000Z', by: 'ood@club.example' },
    });
    await repos.attendance.addWalkIn({ ...walkIn, id: '0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c00a3', name: 'Kim Gone' });
    await repos.attendance.removeWalkIn('0b9c6a6e-0a3f-4c1e-9d55-1f0b7a0c00a3', '2026-06-06T09:40:00.000Z');
    // News items written in the app: one published, one draft (members never see it, it must still move).
    for (const [id, status] of [
      ['news-published', 'published'],
      ['news-draft', 'draft'],
    ] as const) {
      await repos.campaigns.saveNewsItem({
        id,
        subject: `News ${id}`,
        body: `The **${status}** item.`,
        publishAt: '2026-05-10T09:00:00+01:00',
        status,
        createdAt: '2026-05-09T10:00:00.000Z',
        updatedAt: '2026-05-09T11:00:00.000Z',
      });
    }
  } finally {
    await db.destroy();
  }
}

function migrationEnv(env: Record<string, string>): Record<string, string | undefined> {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    FIRESTORE_PROJECT_ID: running().emulator.projectId,
    FIRESTORE_EMULATOR_HOST: running().emulator.host,
    FIRESTORE_COLLECTION_PREFIX: PREFIX,
    METADATA_SERVER_DETECTION: 'none',
    ...env,
  };
}

/** The command line, as an operator runs it (a process of its own). */
function runMigration(args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, timeout: 500_000, env: migrationEnv(env) }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
}

/** The same command in this process (the function the command line runs): what it prints and its exit code. */
function runMigrationHere(args: string[], env: Record<string, string> = {}) {
  return runHere((print) => runMigrateStorage(args, migrationEnv(env), print));
}

function running(): { emulator: FirestoreEmulator; firestore: Firestore } {
  if (!emulator || !firestore) throw new Error('The Firestore emulator did not start');
  return { emulator, firestore };
}

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  emulator = await startFileEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  firestore = openFirestore({ projectId: emulator.projectId });
  source = tempSqlite('kyc-migrate-', DATABASE_FILE_NAME);
  dataDir = source.dir;
  await seedSqlite(source.file);
});

afterAll(async () => {
  if (firestore) await closeFirestore(firestore);
  await emulator?.stop();
  delete process.env.FIRESTORE_EMULATOR_HOST;
  await source?.close();
});

describe('npm run migrate-storage -- --from sqlite --to firestore', () => {
  it('copies the demo data and every other collection to Firestore, prints the counts, and loses nothing', async () => {
    const result = await runMigration(['--from', 'sqlite', '--to', 'firestore']);
    expect(result.stderr).not.toMatch(/fail|differ/i);
    expect(result.code).toBe(0);

    const demo = demoData(NOW);
    const signups = demo.workDaySignups.length;
    const expected: Record<string, number> = {
      events: demo.events.length,
      eventSeries: 1,
      bookings: demo.bookings.length,
      admins: 2,
      credentials: 2,
      sessions: 1,
      loginFailures: 3,
      workDays: demo.workDays.length,
      workDaySignups: signups,
      documents: demo.documents.length,
      files: demo.documents.length + 1,
      campaigns: demo.campaigns.length + 2,
      waterLevels: demo.waterLevels.length,
      photos: 2,
      sitePages: 1,
      membershipCategories: demo.membershipCategories.length,
      membershipSettings: 1,
      membershipOrders: 2,
      membershipApplications: 2,
      households: 2,
      members: 2,
      dutyCatalogue: 4,
      memberQualifications: 2,
      dutySlots: 2,
      dutySwaps: 2,
      attendance: 2,
    };
    // Every collection of the demo holds something, so an empty copy cannot pass.
    for (const n of Object.values(expected)) expect(n).toBeGreaterThan(0);
    for (const [name, n] of Object.entries(expected)) {
      expect(result.stdout).toMatch(new RegExp(`^${name} +${n} +${n} +${n}$`, 'm'));
    }
    expect(result.stdout).toContain('Every record was copied.');
    expect(await countFirestoreDocuments(running().firestore, { collectionPrefix: PREFIX })).toEqual(expected);

    const sqlite = await openSqliteDatabase(join(dataDir, DATABASE_FILE_NAME));
    try {
      const from = sqliteStorage(sqlite);
      const to = firestoreRepositories(running().firestore, { collectionPrefix: PREFIX });

      expect(await to.events.list({ order: 'asc' })).toEqual(await from.events.list({ order: 'asc' }));
      expect(await to.events.list({ order: 'desc', limit: 5 })).toEqual(await from.events.list({ order: 'desc', limit: 5 }));
      expect(await to.bookings.listAll()).toEqual(await from.bookings.listAll());
      // The places ledgers are built as the bookings are copied: the same places, nothing to repair.
      const eventIds = (await from.events.list({ order: 'asc' })).map((event) => event.id);
      const now = new Date();
      expect(Object.fromEntries(await to.bookings.placesTakenByEvent(eventIds, now))).toEqual(
        Object.fromEntries(await from.bookings.placesTakenByEvent(eventIds, now)),
      );
      expect(await to.bookings.checkPlaces({ now, repair: false })).toEqual([]);
      expect(await to.admins.list()).toEqual(await from.admins.list());
      // The first start on Firestore gives no permission back: the copy marked them given.
      expect(await grantPhasePermissions(running().firestore, { collectionPrefix: PREFIX })).toBe(0);
      expect(await to.admins.list()).toEqual(await from.admins.list());
      for (const uid of ['uid-commodore', 'uid-treasurer']) {
        expect(await to.credentials.getByUid(uid)).toEqual(await from.credentials.getByUid(uid));
      }
      expect(await to.credentials.getByEmail('treasurer@CLUB.example')).toEqual(await from.credentials.getByUid('uid-treasurer'));
      expect(await to.sessions.get('ab12')).toEqual(await from.sessions.get('ab12'));
      for (const key of ['email:pat@club.example', 'ip:203.0.113.7']) {
        for (const since of ['2026-05-20T09:00:00.000Z', '2026-05-20T09:30:00.001Z']) {
          expect(await to.loginAttempts.countSince(key, new Date(since))).toBe(await from.loginAttempts.countSince(key, new Date(since)));
        }
      }
      const workDays = await from.workDays.list();
      expect(await to.workDays.list()).toEqual(workDays);
      for (const workDay of workDays) expect(await to.workDays.listSignups(workDay.id)).toEqual(await from.workDays.listSignups(workDay.id));
      const documents = await from.documents.list();
      expect(await to.documents.list()).toEqual(documents);
      const fromFiles = new DirectoryFileStore(join(dataDir, 'files'));
      expect(await to.files.list()).toEqual(await fromFiles.list());
      expect(await to.files.get('photos/p1/w320.jpg')).toEqual(patternedBytes(2 * 1024 * 1024));
      for (const document of documents) {
        const [copy, original] = [
          await new GetDocumentFile({ documents: to.documents, files: to.files }).execute(document.id),
          await new GetDocumentFile({ documents: from.documents, files: fromFiles }).execute(document.id),
        ];
        expect(copy?.fileName).toBe(original?.fileName);
        expect(copy?.contentType).toBe(original?.contentType);
        expect(Buffer.from(copy!.bytes).equals(Buffer.from(original!.bytes))).toBe(true);
        expect(original!.bytes.length).toBeGreaterThan(100);
      }
      expect(await to.campaigns.listRecent()).toEqual(await from.campaigns.listRecent());
      // Imported campaigns keep their text: the copy opens the same pages.
      expect(await to.campaigns.listImportedCampaigns()).toEqual(await from.campaigns.listImportedCampaigns());
      expect((await to.campaigns.getImportedCampaign('cmp-agm-notice'))?.content).toContain('Annual General Meeting');
      expect((await from.campaigns.listNewsItems()).map((item) => item.id)).toEqual(['news-draft', 'news-published']);
      expect(await to.campaigns.listNewsItems()).toEqual(await from.campaigns.listNewsItems());
      expect(await to.waterLevels.readings('0000-01-01', '9999-12-31')).toEqual(await from.waterLevels.readings('0000-01-01', '9999-12-31'));
      expect(await to.photos.list()).toEqual(await from.photos.list());
      expect(await to.sitePages.list()).toEqual(await from.sitePages.list());
      expect(await to.membership.listCategories()).toEqual(await from.membership.listCategories());
      expect(await to.membership.getSettings()).toEqual(await from.membership.getSettings());
      expect((await from.membershipOrders.listForMember('mem-ann')).map((o) => o.id)).toEqual(['order-cash', 'order-card']);
      expect(await to.membershipOrders.listForMember('mem-ann')).toEqual(await from.membershipOrders.listForMember('mem-ann'));
      expect(await to.membershipOrders.listOpenOffline()).toEqual(await from.membershipOrders.listOpenOffline());
      // The paid order still knows its payment: a webhook after the move changes nothing.
      expect(
        (
          await to.membershipOrders.recordPayment(
            { orderId: 'order-card', paymentId: 'pay-ann-1', method: 'card', confirmedBy: null, auditId: null },
            NOW.toISOString(),
          )
        ).result,
      ).toBe('already-applied');
      expect((await to.events.listSeries()).map((s) => s.id)).toEqual(['sunday-racing']);
      expect(await to.events.listSeries()).toEqual(await from.events.listSeries());
      expect((await from.membershipApplications.list()).map((a) => a.id).sort()).toEqual(['app-1', 'app-2']);
      expect(await to.membershipApplications.list()).toEqual(await from.membershipApplications.list());
      for (const member of ['member-a', 'member-b']) expect(await to.households.listForMember(member)).toEqual(await from.households.listForMember(member));
      expect((await to.households.listForMember('member-a')).map((p) => p.name)).toEqual(['Tom Sailor', 'Tess Sailor']);
      expect(await to.households.membersOf('member-a')).toEqual(await from.households.membersOf('member-a'));
      expect((await to.households.membershipOf('member-c'))?.contact).toBe(true);
      // The invitation waiting moved too: the invited member accepts it on the copy.
      expect(await to.households.invitationsOf('member-a')).toEqual(await from.households.invitationsOf('member-a'));
      expect((await to.households.invitationsFor('member-d')).map((i) => i.id)).toEqual(['inv-d']);
      expect(await to.households.join({ householdId: 'member-a', memberId: 'member-d', at: '2026-05-21T10:00:00.000Z', invitationId: 'inv-d' }, 8)).toBe(
        'joined',
      );
      expect((await to.households.membersOf('member-a')).map((m) => m.memberId)).toEqual(['member-a', 'member-c', 'member-d']);
      expect(await to.members.list()).toEqual(await from.members.list());
      expect(await to.members.getByEmail('ann@club.EXAMPLE')).toEqual(await from.members.get('mem-ann'));

      for (const kind of ['qualifications', 'dutyTypes', 'templates'] as const)
        expect(await to.duties.listCatalogue(kind)).toEqual(await from.duties.listCatalogue(kind));
      expect(await to.duties.listMemberQualifications()).toEqual(await from.duties.listMemberQualifications());
      const raceId = demo.events[0].id;
      const slots = await from.duties.listSlots(raceId);
      expect(slots.map((slot) => [slot.id, slot.holders.map((h) => h.memberId)])).toEqual([
        ['slot-safety', ['mem-ann', 'mem-bob']],
        ['slot-galley', ['mem-cat']],
      ]);
      expect(await to.duties.listSlots(raceId)).toEqual(slots);
      for (const slotId of SLOT_IDS) expect(await to.duties.getSlot(slotId)).toEqual(await from.duties.getSlot(slotId));
      for (const memberId of MEMBERS_ON_DUTY) expect(await to.duties.listMemberDuties(memberId)).toEqual(await from.duties.listMemberDuties(memberId));
      // Each member's duties were built with the slots: the rule against two duties at once holds on the copy.
      await to.duties.addSlots([aSlot({ id: 'slot-after', eventId: raceId, dutyTypeId: 'race-officer', createdAt: '2026-05-20T10:00:00.000Z' })]);
      const twice = await to.duties
        .assign(anAssignment({ eventId: raceId, slotId: 'slot-after', memberId: 'mem-ann', assignedAt: '2026-05-20T10:00:00.000Z' }))
        .catch((error: unknown) => error);
      expect(twice).toBeInstanceOf(ConflictError);
      expect((twice as Error).message).toBe(DUTY_MESSAGES.doubleDuty);
      for (const id of ['swap-open', 'swap-withdrawn']) expect(await to.dutySwaps.get(id)).toEqual(await from.dutySwaps.get(id));
      expect(await to.dutySwaps.listOpenOf('mem-ann')).toEqual(await from.dutySwaps.listOpenOf('mem-ann'));

      const checkedIn = demo.bookings.slice(0, 2).map((booking) => booking.id);
      const attendance = await from.attendance.getMany(checkedIn);
      expect(checkedIn.map((id) => attendance.get(id)?.version)).toEqual([2, 1]);
      expect(await to.attendance.getMany(checkedIn)).toEqual(attendance);
      const walkIns = await to.attendance.listWalkIns([demo.bookings[0].eventId]);
      expect(walkIns.map((walkIn) => [walkIn.name, walkIn.afloat?.afloat])).toEqual([['Jo Walker', true]]);
      expect(walkIns).toEqual(await from.attendance.listWalkIns([demo.bookings[0].eventId]));
    } finally {
      await sqlite.destroy();
    }
  });

  it('refuses to copy into collections that already hold data, and changes nothing', async () => {
    const before = await countFirestoreDocuments(running().firestore, { collectionPrefix: PREFIX });
    expect(before.events).toBeGreaterThan(0);
    const result = await runMigrationHere(['--from', 'sqlite', '--to', 'firestore']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Firestore already holds data \(migrated_events: \d+, .*choose another FIRESTORE_COLLECTION_PREFIX/);
    expect(await countFirestoreDocuments(running().firestore, { collectionPrefix: PREFIX })).toEqual(before);
  });

  it('explains what is wrong with the command or the settings', async () => {
    const backwards = await runMigrationHere(['--from', 'firestore', '--to', 'sqlite']);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toContain('Only copying from SQLite to Firestore is supported.');
    expect(backwards.stderr).toContain('Usage: npm run migrate-storage -- --from sqlite --to firestore');

    const noProject = await runMigrationHere(['--from', 'sqlite', '--to', 'firestore'], { FIRESTORE_PROJECT_ID: '' });
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toContain('FIRESTORE_PROJECT_ID: is required');

    const empty = tempSqlite('kyc-migrate-empty-', DATABASE_FILE_NAME);
    const emptyDir = empty.dir;
    try {
      const noDatabase = await runMigrationHere(['--from', 'sqlite', '--to', 'firestore'], { DATA_DIR: emptyDir, FIRESTORE_COLLECTION_PREFIX: 'other_' });
      expect(noDatabase.code).toBe(1);
      expect(noDatabase.stderr).toContain(`No SQLite database at ${join(emptyDir, DATABASE_FILE_NAME)}`);
    } finally {
      await empty.close();
    }
  });
});
