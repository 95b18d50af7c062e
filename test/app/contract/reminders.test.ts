import { describe, expect, it } from 'vitest';
import { FirestoreBookingRepository } from '../../../adapters/firestore/firestore-booking-repository';
import { FirestoreEventRepository } from '../../../adapters/firestore/firestore-event-repository';
import { FirestoreJobQueue } from '../../../adapters/firestore/firestore-job-queue';
import { FirestoreOutbox } from '../../../adapters/firestore/firestore-outbox';
import { FirestoreWorkDayRepository } from '../../../adapters/firestore/firestore-work-day-repository';
import { closeFirestore, openFirestore } from '../../../adapters/firestore/firestore-storage';
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { HmacBookingLinks } from '../../../adapters/node-crypto/hmac-booking-links';
import { SqliteBookingRepository } from '../../../adapters/sqlite/sqlite-booking-repository';
import { SqliteEventRepository } from '../../../adapters/sqlite/sqlite-event-repository';
import { SqliteJobQueue } from '../../../adapters/sqlite/sqlite-job-queue';
import { SqliteOutbox } from '../../../adapters/sqlite/sqlite-outbox';
import { SqliteWorkDayRepository } from '../../../adapters/sqlite/sqlite-work-day-repository';
import { eventRemindersJob } from '../../../core/reminders/reminders';
import type { Booking } from '../../../core/bookings/booking';
import type { StoragePorts } from '../../../core/storage/storage-ports.port';
import { RunDueJobs } from '../../../core/jobs/run-due-jobs';
import { jobHandlers, REMINDER_ROUND_JOB, repeatingJobs, type UseCaseOf } from '../../../core/operations/scheduled-work';
import { SendEventReminders } from '../../../core/reminders/send-event-reminders';
import { useFirestoreEmulator } from '../../support/firestore-emulator-for-file';
import { tempSqlite } from '../../support/temp-sqlite';
import { aBooking, anEvent } from '../../support/entities';

const firestore = useFirestoreEmulator();

type Ports = Pick<StoragePorts, 'events' | 'bookings' | 'outbox' | 'jobs' | 'workDays'>;
/** A store, and a way to open another connection to it (another server instance, or the same after a restart). */
type Store = { open(): Promise<Ports>; close(): Promise<void> };

const onSqlite = async (): Promise<Store> => {
  const sqlite = tempSqlite('kyc-reminders-');
  return {
    open: async () => {
      const db = await sqlite.open();
      return {
        events: new SqliteEventRepository(db),
        bookings: new SqliteBookingRepository(db),
        outbox: new SqliteOutbox(db),
        jobs: new SqliteJobQueue(db),
        workDays: new SqliteWorkDayRepository(db),
      };
    },
    close: sqlite.close,
  };
};

const onFirestore = async (): Promise<Store> => {
  const { emulator } = firestore();
  await emulator.reset();
  const opened: Parameters<typeof closeFirestore>[0][] = [];
  return {
    open: async () => {
      const db = openFirestore({ projectId: emulator.projectId });
      opened.push(db);
      return {
        events: new FirestoreEventRepository(db),
        bookings: new FirestoreBookingRepository(db),
        outbox: new FirestoreOutbox(db),
        jobs: new FirestoreJobQueue(db),
        workDays: new FirestoreWorkDayRepository(db),
      };
    },
    close: async () => {
      for (const db of opened) await closeFirestore(db);
    },
  };
};

const T0 = '2026-06-01T09:00:00.000Z';
const START_A = '2026-06-10T09:00:00.000Z';
/** Two days before A: its reminders' moment. */
const MOMENT_A = '2026-06-08T09:00:00.000Z';
const START_C = '2026-06-20T09:00:00.000Z';
const minutesAfter = (instant: string, n: number) => new Date(Date.parse(instant) + n * 60_000).toISOString();

/** A server instance: its ports and its job runner, with the app's own handlers. */
function instance(ports: Ports, clock: FixedClock) {
  const deps = {
    ...ports,
    clock,
    bookingLinks: new HmacBookingLinks('a-secret-of-at-least-sixteen-characters'),
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.kestrel-yc.example' },
    reminderDaysBefore: 2,
  };
  const useCase: UseCaseOf = (type) => new (type as unknown as new (d: typeof deps) => never)(deps);
  return { ports, deps, runner: new RunDueJobs({ jobs: ports.jobs, clock, jobHandlers: jobHandlers(useCase) }) };
}

describe.each<[string, () => Promise<Store>, boolean]>([
  // Two connections of one process to one SQLite file take turns (better-sqlite3 waits for a lock
  // synchronously); the job runner's race between processes is tested in job-queue.test.ts.
  ['SQLite', onSqlite, false],
  ['Firestore emulator', onFirestore, true],
])('reminders on %s, with two server instances and a restart', (_name, makeStore, concurrent) => {
  it('each confirmed booking with an e-mail gets one reminder, at the moment, and never a second; other bookings and events none', async () => {
    const store = await makeStore();
    try {
      const clock = new FixedClock(T0);
      const servers = [instance(await store.open(), clock), instance(await store.open(), clock)];
      /** Rounds on both instances until nothing more is due. */
      const settle = async () => {
        for (let i = 0; i < 6; i++) {
          const rounds = concurrent
            ? await Promise.all(servers.map((s) => s.runner.execute()))
            : [await servers[0].runner.execute(), await servers[1].runner.execute()];
          for (const round of rounds) expect(round).toMatchObject({ retrying: 0, failed: 0, lost: 0 });
          if (rounds.every((r) => r.done === 0)) return;
        }
        throw new Error('The job rounds never ran out of work');
      };
      const reminders = async () =>
        (await servers[1].ports.outbox.list())
          .filter((m) => m.kind === 'booking-reminder')
          .map((m) => `${m.id} → ${m.mail.to}`)
          .sort();

      const { events, bookings } = servers[0].ports;
      const a = anEvent({ id: 'event-a', name: 'Autumn Race', eventdatetime: START_A, eventenddatetime: null, capacity: null });
      await events.create(a);
      await events.create(anEvent({ id: 'event-b', name: 'Quiet Cruise', eventdatetime: START_A, eventenddatetime: null, capacity: null, remindersOff: true }));
      await events.create(anEvent({ id: 'event-c', name: 'Winter Series', eventdatetime: START_C, eventenddatetime: null, capacity: null }));
      const book = (booking: Partial<Booking>) =>
        bookings.addIfPlacesRemain(aBooking({ eventId: 'event-a', eventName: 'Autumn Race', submittedAt: clock.now().toISOString(), ...booking }), {
          capacity: null,
          now: clock.now(),
        });
      await book({ id: 'a-free', userEmail: 'free@example.org' });
      await book({
        id: 'a-paid',
        userEmail: 'paid@example.org',
        paymentRequired: true,
        paid: true,
        paymentAmount: 1250,
        paymentCurrency: 'GBP',
        paymentMethod: 'card',
        paymentId: 'pay-1',
        paymentCompletedAt: T0,
      });
      await book({ id: 'a-no-email', userEmail: null });
      await book({ id: 'a-cancelled', userEmail: 'cancelled@example.org', cancelledAt: T0, cancelledBy: 'member' });
      await book({ id: 'a-unpaid', userEmail: 'unpaid@example.org', paymentRequired: true, paymentAmount: 1250, paymentCurrency: 'GBP' });
      await book({ id: 'b-free', eventId: 'event-b', eventName: 'Quiet Cruise', userEmail: 'b@example.org' });
      await book({ id: 'c-free', eventId: 'event-c', eventName: 'Winter Series', userEmail: 'c@example.org' });

      // Both instances start: the reminders' round is one job, run by one of them. (The other
      // repeating round, the waiting lists', works on other ports and has its own tests.)
      const reminderRound = repeatingJobs(clock.now()).filter((job) => job.kind === REMINDER_ROUND_JOB);
      expect(reminderRound).toHaveLength(1);
      await Promise.all(servers.map((s) => s.ports.jobs.schedule(reminderRound)));
      await settle();
      expect(await reminders()).toEqual([]);

      // A minute before the moment: nothing yet.
      clock.set(minutesAfter(MOMENT_A, -1));
      await settle();
      expect(await reminders()).toEqual([]);

      clock.set(minutesAfter(MOMENT_A, 14));
      await settle();
      expect(await reminders()).toEqual(['reminder-a-free → free@example.org', 'reminder-a-paid → paid@example.org']);
      expect((await servers[0].ports.outbox.get('reminder-a-free'))?.mail.subject).toBe('Reminder: Autumn Race, Wed 10 June 2026, 10:00');
      expect(await servers[0].ports.jobs.get(eventRemindersJob(a, clock.now()).id)).toMatchObject({ status: 'done' });

      // A booking made after the moment: its confirmation came within the two days.
      await book({ id: 'a-late', userEmail: 'late@example.org' });
      // A restart of both instances: new connections, the repeating work scheduled again.
      servers.splice(0, 2, instance(await store.open(), clock), instance(await store.open(), clock));
      await Promise.all(servers.map((s) => s.ports.jobs.schedule(repeatingJobs(clock.now()).filter((job) => job.kind === REMINDER_ROUND_JOB))));
      clock.advance(15 * 60_000);
      await settle();
      // The event's job run again by hand (as after a lapsed lease) writes nothing more.
      expect(await new SendEventReminders(servers[0].deps).execute({ eventId: 'event-a', start: START_A })).toBe(0);
      expect(await reminders()).toEqual(['reminder-a-free → free@example.org', 'reminder-a-paid → paid@example.org']);

      // Winter Series' moment: its one booking; the Quiet Cruise (reminders off) never.
      clock.set(minutesAfter(START_C, -2 * 24 * 60 + 1));
      await settle();
      expect(await reminders()).toEqual(['reminder-a-free → free@example.org', 'reminder-a-paid → paid@example.org', 'reminder-c-free → c@example.org']);
      expect(await servers[0].ports.jobs.get(eventRemindersJob({ id: 'event-b', eventdatetime: START_A }, clock.now()).id)).toBeNull();
    } finally {
      await store.close();
    }
  });
});
