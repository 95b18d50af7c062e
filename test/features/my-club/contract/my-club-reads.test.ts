import { DocumentReference, Query, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { FirestoreBookingRepository, toDocument } from '../../../../adapters/firestore/firestore-booking-repository';
import { FirestoreEventRepository } from '../../../../adapters/firestore/firestore-event-repository';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { HmacBookingLinks } from '../../../../adapters/node-crypto/hmac-booking-links';
import { GetMyClubBookings } from '../../../../core/my-club/my-club';
import { onTwoClients, useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { FirestoreWaitingList } from '../../../../adapters/firestore/firestore-waiting-list';
import { FirestoreWorkDayRepository } from '../../../../adapters/firestore/firestore-work-day-repository';
import { GetMyClubWaitingLists } from '../../../../core/my-club/my-club-waiting-lists';
import { GetMyClubWorkDays } from '../../../../core/my-club/my-club-work-days';
import { aBooking, anEvent, aSignup, aWorkDay } from '../../../support/entities';
import { anEntry } from '../../waiting-list/contract/waiting-list.contract';

// My club (docs/my-club.md): the Firestore reads of one My club view stay the same as the club's bookings grow
// (docs/my-club.md#reads). Reads are counted as Firestore bills them: one per document a query
// or a document read returns, and one for a query that returns none.
const running = useFirestoreEmulator();

async function countReads<T>(body: () => Promise<T>): Promise<{ result: T; reads: number }> {
  let reads = 0;
  const queryGet = Query.prototype.get;
  const docGet = DocumentReference.prototype.get;
  Query.prototype.get = async function (this: Query) {
    const snapshot = await queryGet.call(this);
    reads += Math.max(1, snapshot.size);
    return snapshot;
  } as typeof queryGet;
  DocumentReference.prototype.get = async function (this: DocumentReference) {
    reads += 1;
    return docGet.call(this);
  } as typeof docGet;
  try {
    return { result: await body(), reads };
  } finally {
    Query.prototype.get = queryGet;
    DocumentReference.prototype.get = docGet;
  }
}

describe('My club’s Firestore reads', () => {
  it('are the same with 0 and with 5,000 other bookings in the club', async () => {
    const { db } = running();
    const bookings = new FirestoreBookingRepository(db);
    const events = new FirestoreEventRepository(db);
    const event = anEvent({ eventdatetime: '2026-07-18T17:00:00.000Z', eventenddatetime: null });
    await events.create(event);
    const now = new Date('2026-06-01T09:00:00.000Z');
    const limit = { capacity: null, now };
    await bookings.addIfPlacesRemain(aBooking({ id: 'own', eventId: event.id, memberId: 'm-1', userEmail: 'ann@example.org' }), limit);
    await bookings.addIfPlacesRemain(aBooking({ id: 'guest', eventId: event.id, userEmail: 'Ann@example.org' }), limit);
    const myClub = new GetMyClubBookings({
      bookings,
      events,
      bookingLinks: new HmacBookingLinks('a-test-secret-of-enough-length-0123456789'),
      clock: new FixedClock(now.toISOString()),
    });
    const view = () => countReads(() => myClub.execute({ id: 'm-1', email: 'ann@example.org' }));

    const before = await view();
    expect(before.result.upcoming.map((b) => b.bookingId).sort()).toEqual(['guest', 'own']);

    // 5,000 bookings of other people, written in batches as the club's storage holds them.
    for (let batchStart = 0; batchStart < 5000; batchStart += 500) {
      const batch = db.batch();
      for (let i = batchStart; i < batchStart + 500; i += 1) {
        batch.set(db.collection('bookings').doc(`other-${i}`), {
          eventId: event.id,
          firstName: 'Other',
          submittedAt: Timestamp.fromDate(now),
          memberId: i % 2 === 0 ? `member-${i}` : null,
          userEmail: `other${i}@example.org`,
          emailKey: `other${i}@example.org`,
        });
      }
      await batch.commit();
    }
    const after = await view();
    expect(after.result).toEqual(before.result);
    console.info(`My club view, Firestore reads: ${before.reads} with 0 other bookings, ${after.reads} with 5,000`);
    expect(after.reads).toBe(before.reads);
  }, 120_000);

  it('for waiting lists and work-day jobs are the same with 0 and with 5,000 other entries and sign-ups', async () => {
    const { db } = running();
    const events = new FirestoreEventRepository(db);
    const waitingList = new FirestoreWaitingList(db);
    const workDays = new FirestoreWorkDayRepository(db);
    const event = anEvent({ id: 'lists-event', eventdatetime: '2026-07-18T17:00:00.000Z', eventenddatetime: null });
    await events.create(event);
    await workDays.create(aWorkDay({ id: 'lists-day', date: '2026-07-11T08:00:00.000Z' }));
    const now = new Date('2026-06-01T09:00:00.000Z');
    await waitingList.join(anEntry('own-entry', { eventId: event.id, memberId: 'm-1', email: 'x@example.org' }), []);
    await waitingList.join(anEntry('guest-entry', { eventId: event.id, email: 'Ann@example.org' }), []);
    await workDays.addSignup(aSignup({ id: 'ann-signup', workDayId: 'lists-day', email: 'ann@example.org' }));
    const links = new HmacBookingLinks('a-test-secret-of-enough-length-0123456789');
    const clock = new FixedClock(now.toISOString());
    const lists = new GetMyClubWaitingLists({ waitingList, events, waitingListLinks: links, offerLinks: links, clock });
    const jobs = new GetMyClubWorkDays({ workDays, workDayLinks: links, clock });
    const member = { id: 'm-1', email: 'ann@example.org' };
    const view = () => countReads(async () => ({ lists: await lists.execute(member), jobs: await jobs.execute(member) }));

    const before = await view();
    expect(before.result.lists.entries.map((e) => e.entryId).sort()).toEqual(['guest-entry', 'own-entry']);
    expect(before.result.jobs.upcoming.map((j) => j.signupId)).toEqual(['ann-signup']);

    // 5,000 entries and 5,000 sign-ups of other people, written as the adapters store them.
    for (let batchStart = 0; batchStart < 5000; batchStart += 500) {
      const batch = db.batch();
      for (let i = batchStart; i < batchStart + 500; i += 1) {
        const email = `other${i}@example.org`;
        batch.set(db.collection('waitlistEntries').doc(`other-entry-${i}`), {
          ...anEntry(`other-entry-${i}`, { eventId: event.id, email, memberId: i % 2 === 0 ? `member-${i}` : null }),
          emailKey: email,
          joinedAtMs: now.getTime(),
        });
        batch.set(db.collection('workDaySignups').doc(`other-signup-${i}`), {
          ...aSignup({ id: `other-signup-${i}`, workDayId: 'lists-day', email }),
          emailKey: email,
          submittedAt: Timestamp.fromDate(now),
        });
      }
      await batch.commit();
    }
    const after = await view();
    expect(after.result).toEqual(before.result);
    console.info(
      `My club waiting lists and work-day jobs, Firestore reads: ${before.reads} with 0 other entries and sign-ups, ${after.reads} with 5,000 of each`,
    );
    expect(after.reads).toBe(before.reads);
  }, 120_000);
});

describe('Firestore bookings stored before My club', () => {
  it('are given their e-mail key at start by two instances at once, then show in My club; a later start reads only the mark', async () => {
    await onTwoClients(running, async (db, second) => {
      const events = new FirestoreEventRepository(db);
      const event = anEvent({ eventdatetime: '2026-07-18T17:00:00.000Z', eventenddatetime: null });
      await events.create(event);
      const now = new Date('2026-06-01T09:00:00.000Z');
      // As written before ADR 0040 (no emailKey) and before member prices (no memberId either).
      const old = (id: string, userEmail: string | null) => {
        const {
          emailKey: _key,
          memberId: _member,
          priceKind: _kind,
          memberPlaces: _places,
          ...fields
        } = toDocument(aBooking({ id, eventId: event.id, userEmail }));
        return db.collection('bookings').doc(id).set(fields);
      };
      await old('old-guest', '  Dana@Example.org ');
      await old('old-other', 'someone@example.org');
      await old('old-no-email', null);
      // More than two pages of the back-fill (300 each).
      const many = Array.from({ length: 640 }, (_, i) => `old-many-${String(i).padStart(3, '0')}`);
      for (let start = 0; start < many.length; start += 400) {
        const batch = db.batch();
        for (const id of many.slice(start, start + 400)) {
          const { emailKey: _key, memberId: _member, ...fields } = toDocument(aBooking({ id, eventId: event.id, userEmail: `${id}@example.org` }));
          batch.set(db.collection('bookings').doc(id), fields);
        }
        await batch.commit();
      }
      const bookings = new FirestoreBookingRepository(db);
      const myClub = new GetMyClubBookings({
        bookings,
        events,
        bookingLinks: new HmacBookingLinks('a-test-secret-of-enough-length-0123456789'),
        clock: new FixedClock(now.toISOString()),
      });
      const dana = { id: 'm-dana', email: 'dana@example.org' };
      expect((await myClub.execute(dana)).upcoming).toEqual([]);

      const given = await Promise.all([bookings.assignMissingEmailKeys(), new FirestoreBookingRepository(second).assignMissingEmailKeys()]);
      // Each booking changed once, by one instance or the other.
      expect(given[0] + given[1]).toBe(3 + many.length);
      expect((await db.collection('bookings').where('emailKey', '==', 'old-many-639@example.org').where('memberId', '==', null).get()).size).toBe(1);
      expect((await myClub.execute(dana)).upcoming.map((b) => b.bookingId)).toEqual(['old-guest']);
      expect((await db.collection('bookings').doc('old-other').get()).get('emailKey')).toBe('someone@example.org');
      expect((await bookings.get('old-guest'))?.userEmail).toBe('  Dana@Example.org ');

      const again = await countReads(() => bookings.assignMissingEmailKeys());
      expect(again).toEqual({ result: 0, reads: 1 });
    });
  }, 120_000);
});
