import { describeStorageContracts } from './storage-contracts';
import { adapterOf, firestoreStoreOn } from '../../support/stores';
import { FirestoreHouseholdRepository } from '../../../adapters/firestore/firestore-household-repository';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRESTORE_CALL_DEADLINE_MS, setFirestoreCallDeadline } from '../../../adapters/firestore/firestore-errors';
import { WORKER_FIRESTORE_CALL_DEADLINE_MS } from '../../support/worker-limits';
import { FirestoreBookingRepository } from '../../../adapters/firestore/firestore-booking-repository';
import { FirestorePlacesShards } from '../../../adapters/firestore/firestore-places-shards';
import {
  FIRESTORE_AUDIT_COLLECTIONS,
  FIRESTORE_COLLECTIONS,
  FIRESTORE_DERIVED_COLLECTIONS,
  FIRESTORE_SUBCOLLECTIONS,
} from '../../../adapters/firestore/firestore-collections';
import { EVENT_READ_SHARED_MS, FirestoreEventRepository } from '../../../adapters/firestore/firestore-event-repository';
import { describeFileStoreContract } from './file-store.contract';
import { FirestoreAddressLimitStore } from '../../../adapters/firestore/firestore-address-limit-store';
import {
  closeFirestore,
  countFirestoreDocuments,
  firestoreRepositories,
  openFirestore,
  openFirestoreStorage,
} from '../../../adapters/firestore/firestore-storage';
import { FirestoreDutyRepository } from '../../../adapters/firestore/firestore-duty-repository';
import { FirestoreWorkDayRepository } from '../../../adapters/firestore/firestore-work-day-repository';
import { NotFoundError, ValidationError } from '../../../core/shared/errors';
import { GetDocumentFile } from '../../../core/content/club-content';
import { demoData } from '../../../server/seed/demo-data';
import { addAdmin, signIn, startTestApp } from '../../support/api/test-app';
import { onTwoClients, useFirestoreEmulator } from '../../support/firestore-emulator-for-file';
import { aSlot, anAssignment } from '../../features/duties/contract/duty-repository.contract';
import { markPaidByCard, rejectionOf } from '../../support/contract/storage-fixtures';
import { aBooking, aCampaign, aDocument, anEvent, anUnpaidBooking, aSignup, aWorkDay } from '../../support/entities';

// One emulator for the whole file; every test starts from an empty database.
const running = useFirestoreEmulator();

describeStorageContracts('Firestore', firestoreStoreOn(running));
describeFileStoreContract(
  'FirestoreFileStore',
  adapterOf(firestoreStoreOn(running), (s) => s.files),
);

describe('Firestore documents stored before files moved out of them', () => {
  it('moves the PDF of an old record (file.bytes) into the file store at its first read, and serves it byte for byte', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const bytes = Buffer.from('%PDF-1.4 old record \u0000\u00ff', 'latin1');
    await db
      .collection('documents')
      .doc('old-rules')
      .set({
        title: 'Old rules',
        description: '',
        category: 'Rules',
        fileName: 'old-rules.pdf',
        tags: [],
        file: { fileName: 'old-rules.pdf', contentType: 'application/pdf', bytes },
      });
    const { documents, files } = firestoreRepositories(db);
    expect(await documents.list()).toEqual([
      aDocument({ id: 'old-rules', title: 'Old rules', description: '', category: 'Rules', fileName: 'old-rules.pdf', tags: [], position: 0 }),
    ]);
    const file = await new GetDocumentFile({ documents, files }).execute('old-rules');
    expect(Buffer.from(file.bytes).equals(bytes)).toBe(true);
    const record = (await db.collection('documents').doc('old-rules').get()).data()!;
    expect(record.file).toBeUndefined();
    expect(await files.list('documents/')).toEqual([record.fileKey]);
    // Read again: from the file store now.
    expect(Buffer.from((await new GetDocumentFile({ documents, files }).execute('old-rules')).bytes).equals(bytes)).toBe(true);
  });
});

describe('Firestore documents stored before member prices', () => {
  it('reads an old booking as a standard-price guest booking naming no attendees and an old event as without a member price', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const { events, bookings } = firestoreRepositories(db);
    const event = anEvent({ requiresPayment: true, price: 1500 });
    await events.create(event);
    const booking = aBooking({ eventId: event.id });
    await bookings.addIfPlacesRemain(booking, { capacity: null, now: new Date('2026-06-01T09:00:00.000Z') });
    // As a version before member prices wrote them: no such fields at all.
    await db.collection('events').doc(event.id).update({ memberPrice: FieldValue.delete() });
    await db
      .collection('bookings')
      .doc(booking.id)
      .update({ priceKind: FieldValue.delete(), memberId: FieldValue.delete(), memberPlaces: FieldValue.delete(), householdAttendees: FieldValue.delete() });
    expect(await bookings.get(booking.id)).toEqual({ ...booking, priceKind: 'standard', memberId: null, memberPlaces: 0, householdAttendees: [] });
    expect(await events.get(event.id)).toEqual(event);
  });
});

describe('Firestore duty slots stored before a second duty the same day', () => {
  it('reads an old slot as allowing no second duty that day', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const duties = new FirestoreDutyRepository(db);
    await duties.addSlots([aSlot({ allowsSecondDuty: true })]);
    await db.collection('dutySlots').doc(aSlot().id).update({ allowsSecondDuty: FieldValue.delete() });
    expect(await duties.getSlot(aSlot().id)).toEqual({ ...aSlot(), allowsSecondDuty: false, holders: [] });
  });
});

describe('Firestore households stored before several members', () => {
  it('makes each household’s member its contact at the back-fill, once, and the member is then in it', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const households = new FirestoreHouseholdRepository(db);
    // As a version before several members wrote it: the member's id, the people only.
    await db
      .collection('households')
      .doc('member-1')
      .set({
        people: [
          { id: 'hp-1', name: 'Tom Sailor', kind: 'junior', yearOfBirth: 2016, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z' },
        ],
      });
    expect(await households.membershipOf('member-1')).toBeNull();
    // Two instances starting at once: each household is given its members once.
    const given = await Promise.all([households.assignMissingMembers(), new FirestoreHouseholdRepository(db).assignMissingMembers()]);
    expect(given.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await households.membershipOf('member-1')).toEqual({
      householdId: 'member-1',
      memberId: 'member-1',
      contact: true,
      joinedAt: '2026-05-01T10:00:00.000Z',
    });
    expect((await households.listForMember('member-1')).map((p) => p.id)).toEqual(['hp-1']);
    expect(await households.assignMissingMembers()).toBe(0);
    // The member now in a household with a dependant: joining another is refused.
    expect(await households.join({ householdId: 'h-2', memberId: 'member-1', at: '2026-05-02T10:00:00.000Z' }, 8)).toBe('in-a-household');
  });
});

const AT_SUBMISSION = new Date('2026-06-01T09:00:00.000Z');

/**
 * The races below run in this process, like the racing workers: they check what the writes add
 * up to, so they take the workers' Firestore call deadline and slowness alone never fails them
 * (test/support/worker-limits.ts). The product's deadline is back for every other test.
 */
function withRacingDeadline(): void {
  beforeAll(() => setFirestoreCallDeadline(WORKER_FIRESTORE_CALL_DEADLINE_MS));
  afterAll(() => setFirestoreCallDeadline(FIRESTORE_CALL_DEADLINE_MS));
}

describe('Firestore bookings under load', () => {
  withRacingDeadline();
  it('accepts exactly 10 of 30 simultaneous bookings for 10 places, from three separate server connections', async () => {
    const { emulator } = running();
    await emulator.reset();
    // Three connections stand for three server processes: their transactions really race in
    // Firestore, where the one-at-a-time queue inside a process cannot help.
    const connections = [0, 1, 2].map(() => openFirestore({ projectId: emulator.projectId }));
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          new FirestoreBookingRepository(connections[i % 3]).addIfPlacesRemain(aBooking({ id: `rush-${String(i).padStart(2, '0')}`, numberAttending: 1 }), {
            capacity: 10,
            now: AT_SUBMISSION,
          }),
        ),
      );
      expect(results.filter((r) => r.added)).toHaveLength(10);
      expect(results.filter((r) => !r.added)).toEqual(Array.from({ length: 20 }, () => ({ added: false, placesLeft: 0 })));
      const bookings = new FirestoreBookingRepository(running().db);
      const stored = await bookings.listByEvent('summer-regatta');
      expect(stored).toHaveLength(10);
      expect(stored.reduce((sum, b) => sum + b.numberAttending, 0)).toBe(10);
    } finally {
      await Promise.all(connections.map((connection) => closeFirestore(connection)));
    }
  });

  it('lets only one of two server connections confirming the same payment mark it paid', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const other = openFirestore({ projectId: emulator.projectId });
    try {
      await new FirestoreBookingRepository(db).addIfPlacesRemain(anUnpaidBooking({ id: 'to-pay' }), { capacity: null, now: AT_SUBMISSION });
      const results = await Promise.all([
        markPaidByCard(new FirestoreBookingRepository(db), 'to-pay', { paymentId: 'pay-a', paymentCompletedAt: '2026-06-01T09:05:00.000Z' }),
        markPaidByCard(new FirestoreBookingRepository(other), 'to-pay', { paymentId: 'pay-b', paymentCompletedAt: '2026-06-01T09:05:01+01:00' }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const paid = await new FirestoreBookingRepository(db).get('to-pay');
      expect(paid).toEqual(
        results[0]
          ? anUnpaidBooking({ id: 'to-pay', paid: true, paymentMethod: 'card', paymentId: 'pay-a', paymentCompletedAt: '2026-06-01T09:05:00.000Z' })
          : anUnpaidBooking({ id: 'to-pay', paid: true, paymentMethod: 'card', paymentId: 'pay-b', paymentCompletedAt: '2026-06-01T09:05:01+01:00' }),
      );
    } finally {
      await closeFirestore(other);
    }
  });
});

describe('Firestore ledger groups that lose a race', () => {
  withRacingDeadline();
  it('keeps a group of bookings on its part when another server changed only the parts it took places from (ADR 63)', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const bookings = new FirestoreBookingRepository(db);
    const limit = { capacity: 16, now: AT_SUBMISSION };
    // 16 places in 8 parts of 2. The first booking shows which part this server books into.
    expect(await bookings.addIfPlacesRemain(aBooking({ id: 'first' }), limit)).toEqual({ added: true });
    const home = Number((await db.collection('bookings').doc('first').get()).get('placesShard'));
    // The next two do not fit in that part: places move in from the others. Between the group's
    // reading of every part and its commit, another server writes every part but this one.
    const readAll = FirestorePlacesShards.prototype.readAll;
    let raced = false;
    const spy = vi.spyOn(FirestorePlacesShards.prototype, 'readAll').mockImplementation(async function (this: FirestorePlacesShards, eventId: string) {
      const parts = await readAll.call(this, eventId);
      if (!raced) {
        raced = true;
        await Promise.all(parts.filter((part) => part.index !== home).map((part) => part.snapshot.ref.update({ touchedBy: 'another server' })));
      }
      return parts;
    });
    try {
      const results = await Promise.all(['second', 'third'].map((id) => bookings.addIfPlacesRemain(aBooking({ id }), limit)));
      expect(results).toEqual([{ added: true }, { added: true }]);
    } finally {
      spy.mockRestore();
    }
    expect(raced).toBe(true);
    // Decided again where it was, not moved to a part that would need places moved in again.
    const parts = await Promise.all(['first', 'second', 'third'].map(async (id) => (await db.collection('bookings').doc(id).get()).get('placesShard')));
    expect(parts).toEqual([home, home, home]);
    expect(await bookings.checkPlaces({ now: AT_SUBMISSION, repair: false })).toEqual([]);
    const shards = await new FirestorePlacesShards(db, {}).readAll('summer-regatta');
    expect(shards.reduce((sum, part) => sum + (part.share ?? 0), 0)).toBe(16);
    expect(shards[home].ledger.confirmed).toBe(3);
  });
});

describe('Firestore per-address limits from several servers', () => {
  // Each server remembers the documents it has just written and changes them next without
  // reading them again (ADR 63): what another server wrote meanwhile must still be counted.
  const at = new Date('2026-06-01T09:00:00.000Z');
  const minute = 60_000;
  const until = new Date(at.getTime() + 30 * minute);

  it('counts every hit of one address made in turns by two servers, each having written it before', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const [one, two] = [new FirestoreAddressLimitStore(db), new FirestoreAddressLimitStore(db)];
    const key = 'bookings-minute:203.0.113.7';
    const hits: number[] = [];
    for (const store of [one, two, one, two, one, one, two]) hits.push((await store.hit(key, minute, at)).hits);
    expect(hits).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('decides a hold on the places as held now, not as this server last wrote them', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const [one, two] = [new FirestoreAddressLimitStore(db), new FirestoreAddressLimitStore(db)];
    const key = 'places:203.0.113.7';
    expect(await one.holdPlaces(key, { id: 'b1', places: 2, until }, { max: 3, now: at })).toEqual({ held: true });
    // The other server ends that hold: this one would refuse 2 more if it trusted what it wrote.
    await two.releasePlaces(key, 'b1');
    expect(await one.holdPlaces(key, { id: 'b2', places: 2, until }, { max: 3, now: at })).toEqual({ held: true });
    // And the other way round: a hold the other server added is counted against this one's.
    expect(await two.holdPlaces(key, { id: 'b3', places: 1, until }, { max: 3, now: at })).toEqual({ held: true });
    expect(await one.holdPlaces(key, { id: 'b4', places: 1, until }, { max: 3, now: at })).toEqual({ held: false, placesHeld: 3 });
  });

  it('counts a hit again after the address’s document was deleted by another server', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const one = new FirestoreAddressLimitStore(db);
    const key = 'bookings-day:203.0.113.7';
    await one.hit(key, minute, at);
    await one.hit(key, minute, at);
    // The retention job, or an admin, empties the collection meanwhile.
    await emulator.reset();
    expect(await one.hit(key, minute, at)).toEqual({ hits: 1, resetAt: new Date(at.getTime() + minute) });
  });
});

describe('Firestore work-day sign-ups from several servers', () => {
  withRacingDeadline();
  it('stores exactly 2 of 10 simultaneous sign-ups for a job needing 2, and one sign-up per name, from three connections', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    // Three connections stand for three server processes: their commits really race in Firestore,
    // where the one-at-a-time queue inside a process cannot help.
    const connections = [0, 1, 2].map(() => openFirestore({ projectId: emulator.projectId }));
    try {
      await new FirestoreWorkDayRepository(db).create(aWorkDay());
      const full = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          new FirestoreWorkDayRepository(connections[i % 3]).addSignup(aSignup({ id: `rush-${i}`, firstName: `Volunteer${i}`, selectedJobs: ['paint'] })),
        ),
      );
      expect(full.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const twice = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          new FirestoreWorkDayRepository(connections[i % 3]).addSignup(
            aSignup({ id: `same-${i}`, firstName: 'Pat', lastName: 'Same', selectedJobs: ['slipway'] }),
          ),
        ),
      );
      expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const stored = await new FirestoreWorkDayRepository(db).listSignups('spring-clean');
      expect(stored.filter((s) => s.selectedJobs.includes('paint'))).toHaveLength(2);
      expect(stored.filter((s) => s.lastName === 'Same')).toHaveLength(1);
      expect(await new FirestoreWorkDayRepository(db).get('spring-clean')).toEqual(aWorkDay());
    } finally {
      await Promise.all(connections.map((connection) => closeFirestore(connection)));
    }
  });

  it('an admin lowering a job’s number from one server while volunteers sign up from two others never leaves the job over its number', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const connections = [0, 1, 2].map(() => openFirestore({ projectId: emulator.projectId }));
    try {
      await new FirestoreWorkDayRepository(db).create(aWorkDay({ jobs: [{ id: 'paint', title: 'Paint the hut', description: '', volunteersNeeded: 4 }] }));
      const results = await Promise.allSettled([
        new FirestoreWorkDayRepository(connections[0]).update('spring-clean', (day) => ({
          ...day,
          jobs: day.jobs.map((job) => ({ ...job, volunteersNeeded: 2 })),
        })),
        ...Array.from({ length: 6 }, (_, i) =>
          new FirestoreWorkDayRepository(connections[1 + (i % 2)]).addSignup(aSignup({ id: `rush-${i}`, firstName: `Volunteer${i}`, selectedJobs: ['paint'] })),
        ),
      ]);
      const needed = (await new FirestoreWorkDayRepository(db).get('spring-clean'))!.jobs[0].volunteersNeeded;
      const painters = (await new FirestoreWorkDayRepository(db).listSignups('spring-clean')).length;
      expect(painters).toBeLessThanOrEqual(needed);
      expect(needed).toBe(results[0].status === 'fulfilled' ? 2 : 4);
      expect(results.slice(1).filter((r) => r.status === 'fulfilled')).toHaveLength(painters);
    } finally {
      await Promise.all(connections.map((connection) => closeFirestore(connection)));
    }
  });
});

describe('Firestore documents', () => {
  it('stores the spec’s fields: dates as Timestamps, bookings without a blank e-mail, admins keyed by uid', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const repositories = firestoreRepositories(db);
    await repositories.events.create(anEvent({ eventenddatetime: null }));
    await repositories.bookings.addIfPlacesRemain(aBooking({ userEmail: null, boatName: 'Saucy Sue' }), { capacity: null, now: AT_SUBMISSION });
    await repositories.admins.create({
      uid: 'uid-commodore',
      email: 'Commodore@Club.example',
      name: 'Pat Commodore',
      role: 'admin',
      permissions: ['events:read'],
      disabled: false,
      createdAt: '2026-01-01T12:00:00.000Z',
    });

    const event = (await db.collection('events').doc('summer-regatta').get()).data()!;
    expect(event.eventdatetime.toDate().toISOString()).toBe('2026-07-04T09:00:00.000Z');
    expect(event.createdAt.toDate().toISOString()).toBe('2026-05-01T08:00:00.000Z');
    expect(event.eventenddatetime).toBeNull();
    expect(event.allowBooking).toBe(true);
    expect(event.price).toBe(1250);

    const booking = (await db.collection('bookings').doc('booking-1').get()).data()!;
    expect(booking.eventId).toBe('summer-regatta');
    expect(booking.submittedAt.toDate().toISOString()).toBe('2026-06-01T09:00:00.000Z');
    expect('userEmail' in booking).toBe(false);
    expect(booking.boatName).toBe('Saucy Sue');

    const admin = (await db.collection('admins').doc('uid-commodore').get()).data()!;
    expect(admin).toMatchObject({ name: 'Pat Commodore', role: 'admin', permissions: ['events:read'] });
  });

  it('reads a date changed in the Firestore console as the new instant', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const events = new FirestoreEventRepository(db);
    await events.create(anEvent({ eventdatetime: '2026-07-04T10:00:00+01:00' }));
    const { Timestamp } = await import('firebase-admin/firestore');
    await db
      .collection('events')
      .doc('summer-regatta')
      .update({ eventdatetime: Timestamp.fromDate(new Date('2026-07-05T09:00:00.000Z')) });
    expect((await events.get('summer-regatta'))?.eventdatetime).toBe('2026-07-05T09:00:00.000Z');
  });

  it("shares an event's read answered a moment ago, never over this process's own write, and reads again after the moment", async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const sharing = new FirestoreEventRepository(db, {}, { readSharedMs: 60_000 });
    await sharing.create(anEvent({ name: 'Summer Regatta' }));
    expect((await sharing.get('summer-regatta'))?.name).toBe('Summer Regatta');
    // Another server renames it: within the moment, the read just answered is shared.
    await db.collection('events').doc('summer-regatta').update({ name: 'Renamed elsewhere' });
    expect((await sharing.get('summer-regatta'))?.name).toBe('Summer Regatta');
    // This process's own write is never hidden by a read from before it.
    const current = (await new FirestoreEventRepository(db).get('summer-regatta'))!;
    expect(await sharing.update({ ...current, name: 'Renamed here' })).toBe(true);
    expect((await sharing.get('summer-regatta'))?.name).toBe('Renamed here');

    // With the default moment, another server's write is seen once the moment is over.
    const events = new FirestoreEventRepository(db);
    expect((await events.get('summer-regatta'))?.name).toBe('Renamed here');
    await db.collection('events').doc('summer-regatta').update({ name: 'Renamed again elsewhere' });
    await new Promise((resolve) => setTimeout(resolve, EVENT_READ_SHARED_MS * 2));
    expect((await events.get('summer-regatta'))?.name).toBe('Renamed again elsewhere');
  });

  it('refuses a damaged document instead of passing it on', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const events = new FirestoreEventRepository(db);
    await events.create(anEvent());
    await db.collection('events').doc('summer-regatta').update({ currency: 'XYZ' });
    await expect(events.get('summer-regatta')).rejects.toThrow();
  });

  it('treats ids that cannot name a Firestore document as unknown, not as paths', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const { events, bookings, admins, workDays, documents } = firestoreRepositories(db);
    await events.create(anEvent());
    expect(await events.get('summer-regatta/x/y')).toBeNull();
    expect(await events.get('..')).toBeNull();
    expect(await events.get('__name__')).toBeNull();
    expect(await events.delete('events/summer-regatta')).toBe(false);
    expect(await bookings.get('a/b')).toBeNull();
    expect(await rejectionOf(bookings.setCheckout('a/b', 'chk'))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(markPaidByCard(bookings, 'a/b', { paymentId: 'p', paymentCompletedAt: '2026-06-01T09:00:00.000Z' }))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await admins.getByUid('a/b')).toBeNull();
    expect(await workDays.get('a/b')).toBeNull();
    expect(await documents.getStored('a/b')).toBeNull();
    expect(await rejectionOf(events.create(anEvent({ id: 'a/b' })))).toBeInstanceOf(ValidationError);
    expect((await events.list({ order: 'asc' })).map((e) => e.id)).toEqual(['summer-regatta']);
  });

  it('keeps two collection prefixes apart in one project', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const staging = firestoreRepositories(db, { collectionPrefix: 'staging_' });
    const live = firestoreRepositories(db);
    await staging.events.create(anEvent({ name: 'Staging regatta' }));
    expect(await live.events.get('summer-regatta')).toBeNull();
    expect((await staging.events.get('summer-regatta'))?.name).toBe('Staging regatta');
    expect((await countFirestoreDocuments(db, { collectionPrefix: 'staging_' })).events).toBe(1);
    expect((await countFirestoreDocuments(db)).events).toBe(0);
    expect(() => firestoreRepositories(db, { collectionPrefix: 'x/y' })).toThrow(/prefix/);
  });
});

describe('the product on Firestore', () => {
  it('seeds, lists, books, signs in and reports through the HTTP API with every record in Firestore', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const repositories = firestoreRepositories(db);
    const app = await startTestApp({ env: { SEED_DEMO_DATA: 'true' }, adapters: { ...repositories, campaignSource: repositories.campaigns } });
    try {
      const counts = await countFirestoreDocuments(db);
      const demo = demoData(app.clock.now());
      expect(counts).toMatchObject({
        events: demo.events.length,
        bookings: demo.bookings.length,
        workDays: demo.workDays.length,
        documents: demo.documents.length,
        campaigns: demo.campaigns.length,
        waterLevels: demo.waterLevels.length,
      });

      const calendar = await app.agent().get('/api/events');
      expect(calendar.status).toBe(200);
      const listed = calendar.body.events as { id: string; allowBooking: boolean; requiresPayment: boolean; eventdatetime: string | null }[];
      expect(listed.length).toBeGreaterThan(3);
      const starts = listed
        .map((e) => e.eventdatetime)
        .filter((d): d is string => d !== null)
        .map(Date.parse);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));

      const free = listed.find((e) => e.allowBooking && !e.requiresPayment && (e.eventdatetime ?? '') > '2026-06-10');
      expect(free).toBeDefined();
      const booked = await app
        .agent()
        .post('/api/bookings')
        .send({ eventId: free!.id, firstName: 'Ada', lastName: 'Lovelace', numberAttending: '2', email: ' ada@example.org ' });
      expect(booked.status).toBe(201);
      const stored = (await db.collection('bookings').doc(booked.body.bookingId).get()).data();
      expect(stored).toMatchObject({ eventId: free!.id, firstName: 'Ada', numberAttending: 2, userEmail: 'ada@example.org' });

      const file = await app.agent().get(`/api/documents/${demo.documents[0].document.id}/file`).buffer(true);
      expect(file.status).toBe(200);
      expect(Buffer.from(file.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await addAdmin(app, 'pat@club.example');
      expect((await db.collection('admins').where('emailKey', '==', 'pat@club.example').get()).size).toBe(1);
      const agent = app.agent();
      await signIn(agent, 'pat@club.example');
      const detail = await agent.get(`/api/admin/events/${free!.id}/bookings`);
      expect(detail.status).toBe(200);
      expect((detail.body.bookings as { id: string }[]).map((b) => b.id)).toContain(booked.body.bookingId);

      await app.restart();
      expect((await app.agent().get(`/api/events/${free!.id}`)).status).toBe(200);
      expect(await app.get('bookings').get(booked.body.bookingId)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    } finally {
      await app.dispose();
    }
  });
});

describe('firestore.indexes.json', () => {
  it('names only the app’s collections and fields its adapters really write', async () => {
    const { emulator, db } = running();
    await emulator.reset();
    const repositories = firestoreRepositories(db);
    await repositories.events.create(anEvent());
    // With an e-mail: its key (bookings.emailKey, My club's guest bookings) is written only then.
    await repositories.bookings.addIfPlacesRemain(aBooking({ userEmail: 'pat@club.example' }), { capacity: null, now: AT_SUBMISSION });
    await repositories.loginAttempts.recordFailure(['email:pat@club.example'], AT_SUBMISSION);
    await repositories.workDays.create(aWorkDay());
    await repositories.workDays.addSignup(aSignup());
    await repositories.campaigns.put(aCampaign());
    await repositories.files.put('documents/f1', new Uint8Array([1]));
    await repositories.documents.put(aDocument(), 'documents/f1');
    await repositories.audit.append([
      {
        id: 'audit-1',
        at: AT_SUBMISSION.toISOString(),
        actor: { kind: 'admin', uid: 'uid-1', email: 'a@example.org' },
        action: 'booking.cancelled',
        recordType: 'booking',
        recordId: 'booking-1',
        summary: 'Cancelled',
        changes: [],
      },
    ]);

    const file = JSON.parse(readFileSync(fileURLToPath(new URL('../../../firestore.indexes.json', import.meta.url)), 'utf8')) as {
      indexes: { collectionGroup: string; queryScope: string; fields: { fieldPath: string; order: string }[] }[];
      fieldOverrides: { collectionGroup: string; fieldPath: string }[];
    };
    expect(file.indexes.length).toBeGreaterThan(0);
    for (const index of file.indexes) {
      expect([...FIRESTORE_COLLECTIONS, ...FIRESTORE_AUDIT_COLLECTIONS, ...FIRESTORE_DERIVED_COLLECTIONS]).toContain(index.collectionGroup);
    }
    for (const override of file.fieldOverrides) {
      expect([...FIRESTORE_COLLECTIONS, ...FIRESTORE_AUDIT_COLLECTIONS, ...FIRESTORE_SUBCOLLECTIONS]).toContain(override.collectionGroup);
    }
    for (const index of file.indexes) {
      expect(index.queryScope).toBe('COLLECTION');
      const [stored] = (await db.collection(index.collectionGroup).limit(1).get()).docs;
      expect(stored, index.collectionGroup).toBeDefined();
      for (const field of index.fields) {
        expect(['ASCENDING', 'DESCENDING']).toContain(field.order);
        if (field.fieldPath !== '__name__') expect(stored.get(field.fieldPath), `${index.collectionGroup}.${field.fieldPath}`).not.toBeUndefined();
      }
    }
    for (const override of file.fieldOverrides) {
      const [stored] = (await db.collectionGroup(override.collectionGroup).limit(1).get()).docs;
      expect(stored.get(override.fieldPath), `${override.collectionGroup}.${override.fieldPath}`).not.toBeUndefined();
    }
  });
});

describe('openFirestoreStorage', () => {
  it('opens every repository on the emulator named by FIRESTORE_EMULATOR_HOST', async () => {
    const { emulator } = running();
    await emulator.reset();
    const storage = await openFirestoreStorage({ projectId: emulator.projectId, collectionPrefix: 'app_' });
    try {
      await storage.events.create(anEvent());
      expect((await storage.events.list({ order: 'asc' })).map((e) => e.id)).toEqual(['summer-regatta']);
      expect(await storage.admins.count()).toBe(0);
      expect(Object.keys(storage).sort()).toEqual([
        'addressLimits',
        'admins',
        'announcements',
        'attendance',
        'audit',
        'availability',
        'bookings',
        'calendarFeeds',
        'campaigns',
        'close',
        'conditions',
        'credentials',
        'db',
        'documents',
        'duties',
        'dutySwaps',
        'events',
        'files',
        'households',
        'jobs',
        'loginAttempts',
        'memberSessions',
        'members',
        'membership',
        'membershipApplications',
        'membershipOrders',
        'outbox',
        'passkeyChallenges',
        'passkeys',
        'personalData',
        'photos',
        'pushOutbox',
        'pushSubscriptions',
        'resetTokens',
        'retention',
        'sessions',
        'signInCodes',
        'sitePages',
        'waitingList',
        'waterLevels',
        'workDays',
      ]);
    } finally {
      await storage.close();
    }
  });

  it('names a credentials file that is not a service-account key', async () => {
    const saved = process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
    const dir = mkdtempSync(join(tmpdir(), 'kyc-credentials-'));
    try {
      const notJson = join(dir, 'key.json');
      writeFileSync(notJson, 'not json');
      expect(() => openFirestore({ projectId: 'kestrel-yc', credentialsFile: notJson })).toThrow(
        `${notJson} is not a readable service-account key file (JSON)`,
      );
      expect(() => openFirestore({ projectId: 'kestrel-yc', credentialsFile: join(dir, 'missing.json') })).toThrow(/missing\.json is not a readable/);
      expect(() => openFirestore({ projectId: ' ' })).toThrow('A Firestore project id is required');
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails at once with a message naming the emulator when nothing answers there', async () => {
    const saved = process.env.FIRESTORE_EMULATOR_HOST;
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused.
    process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:9';
    try {
      // reachTimeoutMs bounds the wait; the test's own timeout would catch a hang.
      const error = await rejectionOf(openFirestoreStorage({ projectId: 'demo-nowhere', reachTimeoutMs: 3000 }));
      expect((error as Error).message).toMatch(/^Cannot read the Firestore emulator at 127\.0\.0\.1:9: /);
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = saved;
    }
  });
});

describe('FirestoreDutyRepository on two server instances at once (ADR 0039)', () => {
  it('20 volunteers for a 2-person slot, half through each instance, fill it exactly', async () => {
    await onTwoClients(running, async (db, second) => {
      const one = new FirestoreDutyRepository(db);
      const two = new FirestoreDutyRepository(second);
      await one.addSlots([aSlot({ needed: 2 })]);
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).assign(anAssignment({ memberId: `mem-${i}` }))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      expect((await one.getSlot('slot-safety'))!.holders).toHaveLength(2);
    });
  });

  it('one member asked onto two overlapping duties through both instances at once gets one', async () => {
    await onTwoClients(running, async (db, second) => {
      const one = new FirestoreDutyRepository(db);
      const two = new FirestoreDutyRepository(second);
      await one.addSlots([aSlot({ id: 'slot-a', eventId: 'ev-a', needed: 1 }), aSlot({ id: 'slot-b', eventId: 'ev-b', needed: 1 })]);
      const results = await Promise.allSettled([
        one.assign(anAssignment({ slotId: 'slot-a', eventId: 'ev-a' })),
        two.assign(anAssignment({ slotId: 'slot-b', eventId: 'ev-b' })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await one.listMemberDuties('mem-ann')).toHaveLength(1);
    });
  });
});

describe('FirestoreHouseholdRepository on two server instances at once', () => {
  it('a member accepting two invitations at once, one through each instance, ends in one household only', async () => {
    await onTwoClients(running, async (db, second) => {
      const one = new FirestoreHouseholdRepository(db);
      const two = new FirestoreHouseholdRepository(second);
      const at = '2026-05-01T10:00:00.000Z';
      await one.join({ householdId: 'h-1', memberId: 'member-ann', at }, 8);
      await one.join({ householdId: 'h-2', memberId: 'member-cat', at }, 8);
      await one.addInvitation({ id: 'inv-1', householdId: 'h-1', memberId: 'member-bob', email: 'bob@example.org', invitedBy: 'member-ann', createdAt: at }, 8);
      await one.addInvitation({ id: 'inv-2', householdId: 'h-2', memberId: 'member-bob', email: 'bob@example.org', invitedBy: 'member-cat', createdAt: at }, 8);
      const results = await Promise.all([
        one.join({ householdId: 'h-1', memberId: 'member-bob', at, invitationId: 'inv-1' }, 8),
        two.join({ householdId: 'h-2', memberId: 'member-bob', at, invitationId: 'inv-2' }, 8),
      ]);
      expect(results.filter((r) => r === 'joined')).toHaveLength(1);
      const inHouseholds = [...(await one.membersOf('h-1')), ...(await one.membersOf('h-2'))].filter((m) => m.memberId === 'member-bob');
      expect(inHouseholds).toEqual([await one.membershipOf('member-bob')]);
    });
  });

  it('reads an invitation stored before e-mails were kept as without one; it still counts against the same member', async () => {
    await onTwoClients(running, async (db) => {
      const households = new FirestoreHouseholdRepository(db);
      const at = '2026-05-01T10:00:00.000Z';
      await households.join({ householdId: 'h-old', memberId: 'member-ann', at }, 8);
      await db
        .collection('householdInvitations')
        .doc('inv-old')
        .set({ id: 'inv-old', householdId: 'h-old', memberId: 'member-bob', invitedBy: 'member-ann', createdAt: at });
      expect(await households.getInvitation('inv-old')).toEqual({
        id: 'inv-old',
        householdId: 'h-old',
        memberId: 'member-bob',
        email: null,
        invitedBy: 'member-ann',
        createdAt: at,
      });
      expect((await households.invitationsFor('member-bob')).map((i) => i.id)).toEqual(['inv-old']);
      expect(
        await households.addInvitation(
          { id: 'inv-new', householdId: 'h-old', memberId: 'member-bob', email: 'bob@example.org', invitedBy: 'member-ann', createdAt: at },
          8,
        ),
      ).toBe('already-invited');
    });
  });
});
