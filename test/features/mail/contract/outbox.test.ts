import type { Firestore } from 'firebase-admin/firestore';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FirestoreOutbox } from '../../../../adapters/firestore/firestore-outbox';
import { closeFirestore, openFirestore } from '../../../../adapters/firestore/firestore-storage';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryBookingRepository } from '../../../../adapters/memory/memory-booking-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { FirestoreBookingRepository } from '../../../../adapters/firestore/firestore-booking-repository';
import { SqliteBookingRepository } from '../../../../adapters/sqlite/sqlite-booking-repository';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import { SmtpMailer } from '../../../../adapters/smtp/smtp-mailer';
import { SqliteOutbox } from '../../../../adapters/sqlite/sqlite-outbox';
import type { Outbox } from '../../../../core/mail/outbox.port';
import { DeliverOutbox } from '../../../../core/mail/deliver-outbox';
import type { FirestoreEmulator } from '../../../support/firestore-emulator';
import { startFileEmulator } from '../../../support/firestore-emulator-for-file';
import { startSmtpTestServer, type SmtpTestServer } from '../../../support/smtp-test-server';
import { aMessage, describeOutboxContract } from './outbox.contract';
import { markPaidByCard, type AdapterFactory, withStore } from '../../../support/contract/storage-fixtures';
import { openTempSqlite } from '../../../support/temp-sqlite';
import { aBooking, anUnpaidBooking } from '../../../support/entities';
import { NO_COMPANIONS } from '../../../support/mail-companions';

let emulator: FirestoreEmulator | undefined;
let db: Firestore | undefined;
let smtp: SmtpTestServer;

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  emulator = await startFileEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  db = openFirestore({ projectId: emulator.projectId });
  smtp = await startSmtpTestServer();
});

afterAll(async () => {
  if (db) await closeFirestore(db);
  await emulator?.stop();
  await smtp?.close();
  delete process.env.FIRESTORE_EMULATOR_HOST;
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuseNext(0);
});

function running(): { emulator: FirestoreEmulator; db: Firestore } {
  if (!emulator || !db) throw new Error('The Firestore emulator did not start');
  return { emulator, db };
}

async function sqliteFile(): Promise<{ file: string; db: Knex; close(): Promise<void> }> {
  return openTempSqlite('kyc-outbox-');
}

const onMemory: AdapterFactory<Outbox> = async () => ({ adapter: new MemoryOutbox(), close: async () => {} });
const onSqlite: AdapterFactory<Outbox> = async () => {
  const { db: sqlite, close } = await sqliteFile();
  return { adapter: new SqliteOutbox(sqlite), close };
};
const onFirestore: AdapterFactory<Outbox> = async () => {
  const { emulator: running_, db: firestore } = running();
  await running_.reset();
  return { adapter: new FirestoreOutbox(firestore), close: async () => {} };
};

describeOutboxContract('MemoryOutbox', onMemory);
describeOutboxContract('SqliteOutbox', onSqlite);
describeOutboxContract('FirestoreOutbox', onFirestore);

const mailer = () => new SmtpMailer({ url: smtp.url, from: 'Kestrel Yacht Club <bookings@kestrel-yc.example>' });

describe.each([
  ['SQLite', onSqlite],
  ['Firestore', onFirestore],
])('delivering the outbox on %s through a real SMTP server', (_name, make) => {
  it('retries a refused message after 1 and then 2 minutes, and records it sent once the server takes it', async () => {
    const { adapter: outbox, close } = await make();
    const clock = new FixedClock('2026-06-01T09:00:00.000Z');
    const sender = new DeliverOutbox({ outbox, mailer: mailer(), clock, companions: NO_COMPANIONS });
    await outbox.add([aMessage('m1')]);
    smtp.refuseNext(2, 451, 'Greylisted, try again later');

    expect(await sender.execute()).toEqual({ sent: 0, retrying: 1, failed: 0, lost: 0 });
    expect(await outbox.get('m1')).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/^451 Greylisted/) });
    clock.advance(59_999);
    expect(await sender.execute()).toEqual({ sent: 0, retrying: 0, failed: 0, lost: 0 });
    clock.advance(1);
    expect(await sender.execute()).toEqual({ sent: 0, retrying: 1, failed: 0, lost: 0 });
    clock.advance(2 * 60_000);
    expect(await sender.execute()).toEqual({ sent: 1, retrying: 0, failed: 0, lost: 0 });
    expect(await outbox.get('m1')).toMatchObject({ status: 'sent', attempts: 2, sentAt: clock.now().toISOString() });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Message m1']);
    clock.advance(24 * 3_600_000);
    expect(await sender.execute()).toEqual({ sent: 0, retrying: 0, failed: 0, lost: 0 });
    expect(smtp.received).toHaveLength(1);
    await close();
  });
});

describe('two server instances on one Firestore project send each message exactly once', () => {
  async function deliverWithTwo(outboxes: [Outbox, Outbox], count: number): Promise<void> {
    const clock = new FixedClock('2026-06-01T09:00:00.000Z');
    await outboxes[0].add(Array.from({ length: count }, (_, i) => aMessage(`m${String(i).padStart(3, '0')}`, 0, `booking-${i}`)));
    const senders = outboxes.map((outbox) => new DeliverOutbox({ outbox, mailer: mailer(), clock, companions: NO_COMPANIONS }));
    // Both instances run their rounds at the same moments until nothing is left.
    for (let round = 0; round < count; round++) {
      const results = await Promise.all(senders.map((s) => s.execute({ limit: 4 })));
      if (results.every((r) => r.sent === 0 && r.retrying === 0)) break;
    }
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: count }, (_, i) => `Message m${String(i).padStart(3, '0')}`));
    expect((await outboxes[1].list({ status: 'sent' })).length).toBe(count);
  }

  it('on Firestore: two clients of one emulator', async () => {
    const { emulator: running_ } = running();
    await running_.reset();
    const second = openFirestore({ projectId: running_.projectId });
    try {
      await deliverWithTwo([new FirestoreOutbox(running().db), new FirestoreOutbox(second)], 30);
    } finally {
      await closeFirestore(second);
    }
  });
});

type Store = { bookings: BookingRepository; outbox: Outbox; close(): Promise<void> };

describe.each<[string, () => Promise<Store>]>([
  [
    'memory',
    async () => {
      const outbox = new MemoryOutbox();
      return { bookings: new MemoryBookingRepository(outbox), outbox, close: async () => {} };
    },
  ],
  [
    'SQLite',
    async () => {
      const { db: sqlite, close } = await sqliteFile();
      return { bookings: new SqliteBookingRepository(sqlite), outbox: new SqliteOutbox(sqlite), close };
    },
  ],
  [
    'Firestore',
    async () => {
      const { emulator: running_, db: firestore } = running();
      await running_.reset();
      return { bookings: new FirestoreBookingRepository(firestore), outbox: new FirestoreOutbox(firestore), close: async () => {} };
    },
  ],
])('a booking and its confirmation are written together (%s)', (_name, open) => {
  const NOW = new Date('2026-06-01T09:00:00.000Z');

  it('writes the confirmation with a booking that fits, and none with one refused for want of places', async () => {
    await withStore(open, async ({ bookings, outbox }) => {
      expect(
        await bookings.addIfPlacesRemain(aBooking({ id: 'b1', numberAttending: 2 }), { capacity: 3, now: NOW }, [aMessage('confirm-b1', 0, 'b1')]),
      ).toEqual({ added: true });
      expect(
        await bookings.addIfPlacesRemain(aBooking({ id: 'b2', numberAttending: 2 }), { capacity: 3, now: NOW }, [aMessage('confirm-b2', 0, 'b2')]),
      ).toEqual({ added: false, placesLeft: 1 });
      expect((await outbox.list()).map((m) => m.id)).toEqual(['confirm-b1']);
      expect(await bookings.get('b2')).toBeNull();
    });
  });

  it('writes a paid booking’s confirmation once, however many times the payment is confirmed', async () => {
    await withStore(open, async ({ bookings, outbox }) => {
      await bookings.addIfPlacesRemain(anUnpaidBooking({ id: 'p1' }), { capacity: null, now: NOW });
      const payment = { paymentId: 'pay-1', paymentCompletedAt: NOW.toISOString() };
      const confirmations = await Promise.all([1, 2, 3].map((n) => markPaidByCard(bookings, 'p1', payment, [aMessage(`confirm-p1-${n}`, 0, 'p1')])));
      expect(confirmations.filter(Boolean)).toHaveLength(1);
      expect(await outbox.list({ recordId: 'p1' })).toHaveLength(1);
      expect(await markPaidByCard(bookings, 'p1', payment, [aMessage('confirm-p1-4', 0, 'p1')])).toBe(false);
      expect(await outbox.list({ recordId: 'p1' })).toHaveLength(1);
    });
  });
});
