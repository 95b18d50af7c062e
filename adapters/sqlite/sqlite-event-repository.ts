import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { EventSeriesSchema, type EventSeries } from '../../core/events/event-series';
import { EventSchema, type ClubEvent } from '../../core/events/event';
import type { EventRepository, EventUpdateExtras } from '../../core/events/event-repository.port';
import { eventEndInstant } from '../../core/events/event-time';
import { isUniqueViolation } from './sqlite-errors';
import { insertIntoOutbox } from './sqlite-outbox';
import { PreparedReads } from './sqlite-prepared-reads';
import { instantMillis, readBoolean, readRow, writeBoolean } from './sqlite-values';
import { preparedWriteTransaction } from './sqlite-write-transaction';
import { ledgerPlacesTaken } from './sqlite-booking-repository';
import { requireCapacityFits } from '../../core/events/event-form';
import { moveEventDuties } from './sqlite-event-duty-move';

const LIST_SQL = {
  asc: `SELECT * FROM events ORDER BY eventStartMs IS NULL, eventStartMs ASC, id ASC LIMIT ?`,
  desc: `SELECT * FROM events ORDER BY eventStartMs IS NULL, eventStartMs DESC, id ASC LIMIT ?`,
} as const;
/** Not over before ? (end, else start, at or after it), start ascending; then the undated ones. */
const NOT_OVER_SQL = `SELECT * FROM events WHERE eventEndMs >= ? OR eventStartMs IS NULL ORDER BY eventStartMs IS NULL, eventStartMs ASC, id ASC`;

export class SqliteEventRepository implements EventRepository {
  private readonly reads: PreparedReads;

  constructor(private readonly db: Knex) {
    this.reads = new PreparedReads(db);
  }

  async list(options: { order: 'asc' | 'desc'; limit?: number }): Promise<ClubEvent[]> {
    const limit = options.limit === undefined ? undefined : Math.floor(options.limit);
    if (limit !== undefined && !(limit > 0)) return [];
    const sql = LIST_SQL[options.order === 'asc' ? 'asc' : 'desc'];
    // LIMIT -1 is SQLite's "no limit".
    const rows = await this.reads.run((statement) => statement(sql).all(limit ?? -1) as Record<string, unknown>[]);
    return rows.map(toEvent);
  }

  async listNotOverBefore(from: Date): Promise<ClubEvent[]> {
    const rows = await this.reads.run((statement) => statement(NOT_OVER_SQL).all(from.getTime()) as Record<string, unknown>[]);
    return rows.map(toEvent);
  }

  async get(id: string): Promise<ClubEvent | null> {
    const row = await this.reads.run((statement) => statement(`SELECT * FROM events WHERE id = ?`).get(id) as Record<string, unknown> | undefined);
    return row ? toEvent(row) : null;
  }

  async create(event: ClubEvent): Promise<void> {
    try {
      await this.db('events').insert(toRow(event));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('An event with this id already exists');
      throw error;
    }
  }

  async update(event: ClubEvent, expected?: { sequence: number }, also: EventUpdateExtras = {}): Promise<boolean> {
    const { mail = [], placesAt, duties } = also;
    // One write transaction: the event (only over the revision read), the e-mails about its
    // change, with `placesAt` its ledger read and the capacity checked, with no booking in
    // between (bookings read the capacity in theirs), and with `duties` its roster moved (a
    // duty assigned meanwhile waits on the lock, and is then checked at the new time): written
    // together or not at all.
    try {
      return await preparedWriteTransaction(this.db, (writes) => {
        const stored = writes.statement('SELECT sequence FROM events WHERE id = ?').get(event.id) as { sequence: number } | undefined;
        if (!stored) throw new NotFoundError('Event not found');
        if (expected && stored.sequence !== expected.sequence) return false;
        if (placesAt) requireCapacityFits(event.capacity, ledgerPlacesTaken(writes, event.id, placesAt));
        writes.update('events', event.id, toRow(event));
        insertIntoOutbox(writes, mail);
        if (duties) moveEventDuties(writes, duties);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('An outbox message with this id already exists');
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    const removed = await this.db('events').where({ id }).delete();
    return removed > 0;
  }

  async createSeries(series: EventSeries, events: readonly ClubEvent[]): Promise<void> {
    // One write transaction: the series and every date, or nothing.
    try {
      await preparedWriteTransaction(this.db, (writes) => {
        writes.insert('event_series', [seriesRow(series)]);
        writes.insert('events', events.map(toRow));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('An event series or event with this id already exists');
      throw error;
    }
  }

  async getSeries(id: string): Promise<EventSeries | null> {
    const row = await this.reads.run((statement) => statement(`SELECT document FROM event_series WHERE id = ?`).get(id) as { document: string } | undefined);
    return row ? toSeries(row) : null;
  }

  async listSeries(): Promise<EventSeries[]> {
    const rows = await this.reads.run((statement) => statement(`SELECT document FROM event_series ORDER BY firstDate, id`).all() as { document: string }[]);
    return rows.map(toSeries);
  }

  async updateSeries(series: EventSeries): Promise<void> {
    const changed = await this.db('event_series').where({ id: series.id }).update(seriesRow(series));
    if (changed === 0) throw new NotFoundError('Event series not found');
  }

  async listBySeries(seriesId: string): Promise<ClubEvent[]> {
    const rows = await this.reads.run(
      (statement) =>
        statement(`SELECT * FROM events WHERE seriesId = ? ORDER BY eventStartMs IS NULL, eventStartMs ASC, id ASC`).all(seriesId) as Record<string, unknown>[],
    );
    return rows.map(toEvent);
  }
}

function seriesRow(series: EventSeries): Record<string, unknown> {
  const valid = EventSeriesSchema.parse(series);
  return { id: valid.id, firstDate: valid.firstDate, document: JSON.stringify(valid) };
}

function toSeries(row: { document: string }): EventSeries {
  return EventSeriesSchema.parse(JSON.parse(row.document));
}

function toRow(event: ClubEvent): Record<string, unknown> {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    longdescription: event.longdescription,
    eventdatetime: event.eventdatetime,
    eventStartMs: instantMillis(event.eventdatetime),
    // The core's end of the event, so the calendar's query can be bounded by it.
    eventEndMs: eventEndInstant(event)?.getTime() ?? null,
    eventenddatetime: event.eventenddatetime,
    bookingEndDate: event.bookingEndDate,
    allowBooking: writeBoolean(event.allowBooking),
    isBoatEvent: writeBoolean(event.isBoatEvent),
    offerChild: writeBoolean(event.offerChild),
    offerSoftDrinks: writeBoolean(event.offerSoftDrinks),
    offerVeg: writeBoolean(event.offerVeg),
    requiresPayment: writeBoolean(event.requiresPayment),
    price: event.price,
    memberPrice: event.memberPrice ?? null,
    currency: event.currency,
    capacity: event.capacity,
    remindersOff: writeBoolean(event.remindersOff === true),
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    sequence: event.sequence,
    cancelledAt: event.cancelledAt,
    cancelReason: event.cancelReason,
    seriesId: event.seriesId ?? null,
  };
}

function toEvent(row: Record<string, unknown>): ClubEvent {
  const { remindersOff, memberPrice, seriesId, ...fields } = row;
  const event: ClubEvent = readRow(EventSchema, fields, {
    booleans: ['allowBooking', 'isBoatEvent', 'offerChild', 'offerSoftDrinks', 'offerVeg', 'requiresPayment'],
  });
  // A member price is given only when the event has one.
  if (memberPrice !== null && memberPrice !== undefined) event.memberPrice = EventSchema.shape.memberPrice.parse(memberPrice);
  // A date of a series names it; an event of its own has no such field.
  if (seriesId !== null && seriesId !== undefined) event.seriesId = EventSchema.shape.seriesId.parse(seriesId);
  // Reminders are on unless turned off: the field is given only when it is.
  return readBoolean(remindersOff) ? { ...event, remindersOff: true } : event;
}
