import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../core/errors';
import { BOOKING_NOT_FOUND } from '../../core/messages';
import { BookingSchema, type Booking } from '../../core/entities/booking';
import * as places from '../../core/domain/places-ledger';
import type { PlacesDifference, PlacesHold, PlacesLedger } from '../../core/domain/places-ledger';
import type { AddBookingResult, BookingChange, BookingLimit, BookingRepository } from '../../core/ports/booking-repository';
import { isUniqueViolation } from './sqlite-errors';
import { PreparedReads } from './sqlite-prepared-reads';
import { instantMillis, readJson, readRow, writeBoolean } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';
import type { OutboxMessage } from '../../core/entities/mail';
import { addToOutbox } from './sqlite-outbox';
import { appendToAuditLog } from './sqlite-audit-log';
import { checkedChange } from '../../core/domain/booking-change';

const NEWEST_FIRST = 'submittedAtMs DESC, id ASC';

export class SqliteBookingRepository implements BookingRepository {
  private readonly reads: PreparedReads;

  constructor(private readonly db: Knex) {
    this.reads = new PreparedReads(db);
  }

  private one(sql: string, ...params: unknown[]): Promise<Record<string, unknown> | undefined> {
    return this.reads.run((statement) => statement(sql).get(...params) as Record<string, unknown> | undefined);
  }

  private many(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]> {
    return this.reads.run((statement) => statement(sql).all(...params) as Record<string, unknown>[]);
  }

  async addIfPlacesRemain(booking: Booking, limit: BookingLimit, mail: readonly OutboxMessage[] = []): Promise<AddBookingResult> {
    try {
      return await writeTransaction(this.db, async (trx) => {
        // The event's ledger, not its bookings: one read whatever the number of bookings.
        let ledger = places.withoutLapsedHolds(await readLedger(trx, booking.eventId), limit.now);
        if (limit.offerHoldId !== undefined) ledger = places.ledgerWithoutHold(ledger, limit.offerHoldId);
        if (limit.capacity !== null) {
          const taken = places.ledgerTaken(ledger, limit.now);
          if (taken + booking.numberAttending > limit.capacity) {
            return { added: false, placesLeft: Math.max(0, limit.capacity - taken) };
          }
        }
        await trx('bookings').insert(toRow(booking));
        await writeLedger(trx, booking.eventId, places.ledgerWithBooking(ledger, booking));
        await addToOutbox(trx, mail);
        return { added: true };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A booking with this id already exists');
      throw error;
    }
  }

  async holdForOffer(eventId: string, hold: PlacesHold, limit: { capacity: number; now: Date }): Promise<boolean> {
    return writeTransaction(this.db, async (trx) => {
      const ledger = places.ledgerWithoutHold(places.withoutLapsedHolds(await readLedger(trx, eventId), limit.now), hold.bookingId);
      if (places.ledgerTaken(ledger, limit.now) + hold.places > limit.capacity) return false;
      await writeLedger(trx, eventId, places.ledgerWithOfferHold(ledger, hold));
      return true;
    });
  }

  async releaseHold(eventId: string, holdId: string, now: Date): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      const row = await trx('places_ledgers').where({ eventId }).first();
      if (row) await writeLedger(trx, eventId, places.ledgerWithoutHold(places.withoutLapsedHolds(toLedger(row), now), holdId));
    });
  }

  async get(id: string): Promise<Booking | null> {
    const row = await this.one(`SELECT * FROM bookings WHERE id = ?`, id);
    return row ? toBooking(row) : null;
  }

  async findByCheckoutId(checkoutId: string): Promise<Booking | null> {
    const row = await this.one(`SELECT * FROM bookings WHERE checkoutId = ? ORDER BY ${NEWEST_FIRST} LIMIT 1`, checkoutId);
    return row ? toBooking(row) : null;
  }

  async listAll(): Promise<Booking[]> {
    return (await this.many(`SELECT * FROM bookings ORDER BY ${NEWEST_FIRST}`)).map(toBooking);
  }

  async listByEvent(eventId: string): Promise<Booking[]> {
    return (await this.many(`SELECT * FROM bookings WHERE eventId = ? ORDER BY ${NEWEST_FIRST}`, eventId)).map(toBooking);
  }

  async placesTakenByEvent(eventIds: string[], now: Date): Promise<Map<string, number>> {
    const taken = new Map(eventIds.map((id) => [id, 0]));
    const unique = [...taken.keys()];
    // SQLite takes at most 32,766 parameters; a calendar shows far fewer events.
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const rows = await this.many(`SELECT * FROM places_ledgers WHERE eventId IN (${part.map(() => '?').join(',')})`, ...part);
      for (const row of rows) taken.set(String(row.eventId), places.ledgerTaken(toLedger(row), now));
    }
    return taken;
  }

  async checkPlaces(options: { now: Date; repair: boolean }): Promise<PlacesDifference[]> {
    return writeTransaction(this.db, async (trx) => {
      const stored = new Map((await trx('places_ledgers').select('*')).map((row) => [String(row.eventId), toLedger(row)]));
      const bookings = (await trx('bookings').select('*')).map(toBooking);
      const differences = places.placesDifferences(stored, bookings, options.now);
      if (options.repair) {
        for (const { eventId } of differences) {
          await writeLedger(trx, eventId, places.rebuiltLedger(bookings.filter((b) => b.eventId === eventId), stored.get(eventId), options.now));
        }
      }
      return differences;
    });
  }

  async countByEvent(eventId: string): Promise<number> {
    const row = await this.one(`SELECT COUNT(*) AS n FROM bookings WHERE eventId = ?`, eventId);
    return Number(row?.n ?? 0);
  }

  async setCheckout(bookingId: string, checkoutId: string): Promise<void> {
    const changed = await this.db('bookings').where({ id: bookingId }).update({ checkoutId });
    if (changed === 0) throw new NotFoundError(BOOKING_NOT_FOUND);
  }

  async change(bookingId: string, now: Date, decide: (current: Booking, placesTaken: number) => BookingChange | null): Promise<{ booking: Booking; changed: boolean }> {
    // One write transaction: the booking and its ledger are read and written with no other
    // writer in between, so the rule decides on what is stored.
    return writeTransaction(this.db, async (trx) => {
      const row = await trx('bookings').where({ id: bookingId }).first();
      if (!row) throw new NotFoundError(BOOKING_NOT_FOUND);
      const stored = toBooking(row);
      const ledger = await readLedger(trx, stored.eventId);
      const decided = decide(stored, places.ledgerTaken(ledger, now));
      if (!decided) return { booking: stored, changed: false };
      const next = checkedChange(stored, decided.booking);
      const { id: _id, ...fields } = toRow(next);
      await trx('bookings').where({ id: bookingId }).update(fields);
      await writeLedger(trx, stored.eventId, places.ledgerWithChange(ledger, stored, next, now));
      await addToOutbox(trx, decided.mail ?? []);
      await appendToAuditLog(trx, decided.audit ?? []);
      return { booking: next, changed: true };
    });
  }
}

const HoldsSchema = z.array(z.object({ bookingId: z.string(), places: z.number().int(), untilMs: z.number() }));

function toLedger(row: Record<string, unknown>): PlacesLedger {
  return { confirmed: Number(row.confirmed), holds: HoldsSchema.parse(readJson(row.holds)) };
}

async function readLedger(trx: Knex.Transaction, eventId: string): Promise<PlacesLedger> {
  const row = await trx('places_ledgers').where({ eventId }).first();
  return row ? toLedger(row) : places.EMPTY_LEDGER;
}

async function writeLedger(trx: Knex.Transaction, eventId: string, ledger: PlacesLedger): Promise<void> {
  await trx('places_ledgers')
    .insert({ eventId, confirmed: ledger.confirmed, holds: JSON.stringify(ledger.holds) })
    .onConflict('eventId')
    .merge();
}

function toRow(booking: Booking): Record<string, unknown> {
  // Every field as it is, but booleans as 0/1 and the submission time also in ms (for ordering).
  return {
    ...booking,
    submittedAtMs: instantMillis(booking.submittedAt),
    paymentRequired: writeBoolean(booking.paymentRequired),
    paid: writeBoolean(booking.paid),
  };
}

function toBooking(row: Record<string, unknown>): Booking {
  return readRow(BookingSchema, row, { booleans: ['paymentRequired', 'paid'] });
}
