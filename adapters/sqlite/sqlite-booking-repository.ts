import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { BOOKING_NOT_FOUND } from '../../core/shared/messages';
import { bookingEmailKey, BookingSchema, type Booking } from '../../core/bookings/booking';
import * as places from '../../core/bookings/places-ledger';
import type { PlacesDifference, PlacesHold, PlacesLedger } from '../../core/bookings/places-ledger';
import type { AddBookingResult, BookingChange, BookingLimit, BookingRepository } from '../../core/bookings/booking-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { PreparedReads } from './sqlite-prepared-reads';
import { instantMillis, readJson, readRow, writeBoolean } from './sqlite-values';
import { preparedWriteTransaction, type PreparedWrites } from './sqlite-write-transaction';
import type { OutboxMessage } from '../../core/mail/mail';
import { insertIntoOutbox } from './sqlite-outbox';
import { insertIntoAuditLog } from './sqlite-audit-log';
import { checkedChange } from '../../core/bookings/booking-change';
import { changeCheckoutIds } from '../../core/bookings/booking-amendment';

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
      return await preparedWriteTransaction(this.db, (writes): AddBookingResult => {
        // A taken id is a conflict (the insert below throws it) before a taken reference, as on every storage.
        const { statement } = writes;
        if (
          booking.reference !== null &&
          statement('SELECT 1 FROM bookings WHERE reference = ?').get(booking.reference) &&
          !statement('SELECT 1 FROM bookings WHERE id = ?').get(booking.id)
        ) {
          return { added: false, referenceTaken: true };
        }
        // The event's ledger, not its bookings: one read whatever the number of bookings.
        let ledger = places.withoutLapsedHolds(readLedger(writes, booking.eventId), limit.now);
        if (limit.offerHoldId !== undefined) ledger = places.ledgerWithoutHold(ledger, limit.offerHoldId);
        const capacity = storedCapacity(writes, booking.eventId, limit.capacity);
        if (capacity !== null) {
          const taken = places.ledgerTaken(ledger, limit.now);
          if (taken + booking.numberAttending > capacity) {
            return { added: false, placesLeft: Math.max(0, capacity - taken) };
          }
        }
        writes.insert('bookings', [toRow(booking)]);
        keepChangeCheckouts(writes, booking);
        writeLedger(writes, booking.eventId, places.ledgerWithBooking(ledger, booking));
        insertIntoOutbox(writes, mail);
        return { added: true };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A booking with this id already exists');
      throw error;
    }
  }

  async holdForOffer(eventId: string, hold: PlacesHold, limit: { capacity: number; now: Date; eventSequence?: number }): Promise<boolean> {
    return preparedWriteTransaction(this.db, (writes) => {
      const ledger = places.ledgerWithoutHold(places.withoutLapsedHolds(readLedger(writes, eventId), limit.now), hold.bookingId);
      const capacity = storedCapacity(writes, eventId, limit.capacity);
      if (capacity !== null && places.ledgerTaken(ledger, limit.now) + hold.places > capacity) return false;
      writeLedger(writes, eventId, places.ledgerWithOfferHold(ledger, hold));
      return true;
    });
  }

  async releaseHold(eventId: string, holdId: string, now: Date): Promise<void> {
    await preparedWriteTransaction(this.db, (writes) => {
      const row = ledgerRow(writes, eventId);
      if (row) writeLedger(writes, eventId, places.ledgerWithoutHold(places.withoutLapsedHolds(toLedger(row), now), holdId));
    });
  }

  async get(id: string): Promise<Booking | null> {
    const row = await this.one(`SELECT * FROM bookings WHERE id = ?`, id);
    return row ? toBooking(row) : null;
  }

  async findByReference(reference: string): Promise<Booking | null> {
    const row = await this.one(`SELECT * FROM bookings WHERE reference = ?`, reference);
    return row ? toBooking(row) : null;
  }

  async assignMissingReferences(referenceFor: (bookingId: string, attempt: number) => string): Promise<number> {
    return preparedWriteTransaction(this.db, (writes) => {
      const missing = writes.statement('SELECT id FROM bookings WHERE reference IS NULL').all() as { id: string }[];
      const taken = writes.statement('SELECT 1 FROM bookings WHERE reference = ?');
      const give = writes.statement('UPDATE bookings SET reference = ? WHERE id = ? AND reference IS NULL');
      for (const { id } of missing) {
        let attempt = 0;
        while (taken.get(referenceFor(id, attempt))) attempt += 1;
        give.run(referenceFor(id, attempt), id);
      }
      return missing.length;
    });
  }

  async assignMissingEmailKeys(): Promise<number> {
    // Migration 0030 back-filled the column and every write sets it: a row lacking one (written by
    // hand) is given it, as the migration did.
    return this.db('bookings')
      .whereNull('emailKey')
      .whereRaw("TRIM(COALESCE(userEmail, '')) <> ''")
      .update({ emailKey: this.db.raw('LOWER(TRIM(userEmail))') });
  }

  async findByCheckoutId(checkoutId: string): Promise<Booking | null> {
    const row =
      (await this.one(`SELECT * FROM bookings WHERE checkoutId = ? ORDER BY ${NEWEST_FIRST} LIMIT 1`, checkoutId)) ??
      // A larger change's own checkout (kept for good: its payment may be confirmed again later).
      (await this.one(`SELECT b.* FROM booking_checkouts c JOIN bookings b ON b.id = c.bookingId WHERE c.checkoutId = ?`, checkoutId));
    return row ? toBooking(row) : null;
  }

  async listAll(): Promise<Booking[]> {
    return (await this.many(`SELECT * FROM bookings ORDER BY ${NEWEST_FIRST}`)).map(toBooking);
  }

  async listByEvent(eventId: string): Promise<Booking[]> {
    return (await this.many(`SELECT * FROM bookings WHERE eventId = ? ORDER BY ${NEWEST_FIRST}`, eventId)).map(toBooking);
  }

  async listForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<Booking[]> {
    const own = await this.many(`SELECT * FROM bookings WHERE memberId = ? ORDER BY ${NEWEST_FIRST} LIMIT ?`, member.memberId, limit);
    const guest = await this.many(`SELECT * FROM bookings WHERE emailKey = ? AND memberId IS NULL ORDER BY ${NEWEST_FIRST} LIMIT ?`, member.emailKey, limit);
    return [...own, ...guest].map(toBooking).sort(newestFirst);
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
    return preparedWriteTransaction(this.db, (writes) => {
      const rows = (sql: string) => writes.statement(sql).all() as Record<string, unknown>[];
      const stored = new Map(rows('SELECT * FROM places_ledgers').map((row) => [String(row.eventId), toLedger(row)]));
      const bookings = rows('SELECT * FROM bookings').map(toBooking);
      const differences = places.placesDifferences(stored, bookings, options.now);
      if (options.repair) {
        for (const { eventId } of differences) {
          writeLedger(
            writes,
            eventId,
            places.rebuiltLedger(
              bookings.filter((b) => b.eventId === eventId),
              stored.get(eventId),
              options.now,
            ),
          );
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

  async change(
    bookingId: string,
    now: Date,
    decide: (current: Booking, placesTaken: number) => BookingChange | null,
  ): Promise<{ booking: Booking; changed: boolean }> {
    // One write transaction: the booking and its ledger are read and written with no other
    // writer in between, so the rule decides on what is stored.
    return preparedWriteTransaction(this.db, (writes) => {
      const row = writes.statement('SELECT * FROM bookings WHERE id = ?').get(bookingId) as Record<string, unknown> | undefined;
      if (!row) throw new NotFoundError(BOOKING_NOT_FOUND);
      const stored = toBooking(row);
      const ledger = readLedger(writes, stored.eventId);
      const decided = decide(stored, places.ledgerTaken(ledger, now));
      if (!decided) return { booking: stored, changed: false };
      const next = checkedChange(stored, decided.booking);
      writes.update('bookings', bookingId, toRow(next));
      writeLedger(writes, stored.eventId, places.ledgerWithChange(ledger, stored, next, now));
      keepChangeCheckouts(writes, next);
      insertIntoOutbox(writes, decided.mail ?? []);
      insertIntoAuditLog(writes, decided.audit ?? []);
      return { booking: next, changed: true };
    });
  }
}

/** Keeps every change checkout of the booking findable (a booking copied in keeps them too); one already kept stays. */
function keepChangeCheckouts({ statement }: Pick<PreparedWrites, 'statement'>, booking: Booking): void {
  const insert = statement('INSERT INTO booking_checkouts (checkoutId, bookingId) VALUES (?, ?) ON CONFLICT (checkoutId) DO NOTHING');
  for (const checkoutId of changeCheckoutIds(booking)) insert.run(checkoutId, booking.id);
}

/**
 * The capacity a booking must fit in: the stored event's, read in the booking's write transaction,
 * so that an admin's lower capacity written meanwhile counts (SqliteEventRepository.update checks
 * the ledger in its own write transaction); `given` when the event is not stored.
 */
function storedCapacity({ statement }: Pick<PreparedWrites, 'statement'>, eventId: string, given: number | null): number | null {
  const row = statement('SELECT capacity FROM events WHERE id = ?').get(eventId) as { capacity: number | null } | undefined;
  return row ? row.capacity : given;
}

/** The event's places taken at `now` by its ledger, read inside a write transaction (an event's capacity check). */
export function ledgerPlacesTaken(writes: Pick<PreparedWrites, 'statement'>, eventId: string, now: Date): number {
  return places.ledgerTaken(readLedger(writes, eventId), now);
}

const HoldsSchema = z.array(z.object({ bookingId: z.string(), places: z.number().int(), untilMs: z.number() }));

function toLedger(row: Record<string, unknown>): PlacesLedger {
  return { confirmed: Number(row.confirmed), holds: HoldsSchema.parse(readJson(row.holds)) };
}

function ledgerRow({ statement }: Pick<PreparedWrites, 'statement'>, eventId: string): Record<string, unknown> | undefined {
  return statement('SELECT * FROM places_ledgers WHERE eventId = ?').get(eventId) as Record<string, unknown> | undefined;
}

function readLedger(writes: Pick<PreparedWrites, 'statement'>, eventId: string): PlacesLedger {
  const row = ledgerRow(writes, eventId);
  return row ? toLedger(row) : places.EMPTY_LEDGER;
}

function writeLedger({ statement }: Pick<PreparedWrites, 'statement'>, eventId: string, ledger: PlacesLedger): void {
  statement(
    'INSERT INTO places_ledgers (eventId, confirmed, holds) VALUES (?, ?, ?) ON CONFLICT (eventId) DO UPDATE SET confirmed = excluded.confirmed, holds = excluded.holds',
  ).run(eventId, ledger.confirmed, JSON.stringify(ledger.holds));
}

function toRow(booking: Booking): Record<string, unknown> {
  // Every field as it is, but booleans as 0/1 and the submission time also in ms (for ordering).
  return {
    ...booking,
    submittedAtMs: instantMillis(booking.submittedAt),
    emailKey: bookingEmailKey(booking.userEmail),
    householdAttendees: JSON.stringify(booking.householdAttendees),
    amendments: JSON.stringify(booking.amendments),
    pendingChange: booking.pendingChange === null ? null : JSON.stringify(booking.pendingChange),
    paymentRequired: writeBoolean(booking.paymentRequired),
    paid: writeBoolean(booking.paid),
  };
}

function toBooking(row: Record<string, unknown>): Booking {
  // A booking with no change waiting has no JSON there (NULL): read as null.
  return readRow(
    BookingSchema,
    { ...row, pendingChange: row.pendingChange ?? 'null' },
    { booleans: ['paymentRequired', 'paid'], json: ['householdAttendees', 'amendments', 'pendingChange'] },
  );
}

function newestFirst(a: Booking, b: Booking): number {
  return Date.parse(b.submittedAt) - Date.parse(a.submittedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
