import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../core/errors';
import { BookingSchema, type Booking } from '../../core/entities/booking';
import { placesTaken } from '../../core/domain/booking-state';
import type { AddBookingResult, BookingRepository } from '../../core/ports/booking-repository';
import { isUniqueViolation } from './sqlite-errors';
import { PreparedReads } from './sqlite-prepared-reads';
import { instantMillis, readBoolean, writeBoolean } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';

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

  async addIfPlacesRemain(booking: Booking, limit: { capacity: number | null; now: Date }): Promise<AddBookingResult> {
    try {
      return await writeTransaction(this.db, async (trx) => {
        if (limit.capacity !== null) {
          // The core rule decides which bookings hold a place, so every adapter counts alike.
          const rows = await trx('bookings')
            .select('numberAttending', 'paymentRequired', 'paid', 'submittedAt')
            .where({ eventId: booking.eventId });
          const taken = placesTaken(
            rows.map((row) => ({
              numberAttending: Number(row.numberAttending),
              paymentRequired: readBoolean(row.paymentRequired),
              paid: readBoolean(row.paid),
              submittedAt: String(row.submittedAt),
            })),
            limit.now,
          );
          if (taken + booking.numberAttending > limit.capacity) {
            return { added: false, placesLeft: Math.max(0, limit.capacity - taken) };
          }
        }
        await trx('bookings').insert(toRow(booking));
        return { added: true };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('A booking with this id already exists');
      throw error;
    }
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

  async countByEvent(eventId: string): Promise<number> {
    const row = await this.one(`SELECT COUNT(*) AS n FROM bookings WHERE eventId = ?`, eventId);
    return Number(row?.n ?? 0);
  }

  async setCheckout(bookingId: string, checkoutId: string): Promise<void> {
    const changed = await this.db('bookings').where({ id: bookingId }).update({ checkoutId });
    if (changed === 0) throw new NotFoundError('Booking not found');
  }

  async markPaid(bookingId: string, payment: { paymentId: string; paymentCompletedAt: string }): Promise<boolean> {
    // One statement that only touches an unpaid booking: two confirmations racing each other
    // cannot both win, and a paid booking keeps its first payment id and time.
    const changed = await this.db('bookings')
      .where({ id: bookingId, paid: 0 })
      .update({ paid: 1, paymentId: payment.paymentId, paymentCompletedAt: payment.paymentCompletedAt });
    if (changed > 0) return true;
    const exists = await this.db('bookings').where({ id: bookingId }).first('id');
    if (!exists) throw new NotFoundError('Booking not found');
    return false;
  }
}

function toRow(booking: Booking): Record<string, unknown> {
  return {
    id: booking.id,
    eventId: booking.eventId,
    eventName: booking.eventName,
    firstName: booking.firstName,
    lastName: booking.lastName,
    numberAttending: booking.numberAttending,
    numberOfChildren: booking.numberOfChildren,
    numberOfSoftDrinks: booking.numberOfSoftDrinks,
    numberOfVegetarian: booking.numberOfVegetarian,
    boatName: booking.boatName,
    userEmail: booking.userEmail,
    submittedAt: booking.submittedAt,
    submittedAtMs: instantMillis(booking.submittedAt),
    paymentRequired: writeBoolean(booking.paymentRequired),
    paid: writeBoolean(booking.paid),
    paymentAmount: booking.paymentAmount,
    paymentCurrency: booking.paymentCurrency,
    checkoutId: booking.checkoutId,
    paymentId: booking.paymentId,
    paymentCompletedAt: booking.paymentCompletedAt,
  };
}

function toBooking(row: Record<string, unknown>): Booking {
  return BookingSchema.parse({
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    firstName: row.firstName,
    lastName: row.lastName,
    numberAttending: row.numberAttending,
    numberOfChildren: row.numberOfChildren,
    numberOfSoftDrinks: row.numberOfSoftDrinks,
    numberOfVegetarian: row.numberOfVegetarian,
    boatName: row.boatName,
    userEmail: row.userEmail,
    submittedAt: row.submittedAt,
    paymentRequired: readBoolean(row.paymentRequired),
    paid: readBoolean(row.paid),
    paymentAmount: row.paymentAmount,
    paymentCurrency: row.paymentCurrency,
    checkoutId: row.checkoutId,
    paymentId: row.paymentId,
    paymentCompletedAt: row.paymentCompletedAt,
  });
}
