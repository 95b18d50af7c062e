import type { ClubEvent } from './event';
import type { EventSeries } from './event-series';
import type { OutboxMessage } from '../mail/mail';
import type { DutyMove } from '../duty-rosters/duty-roster';

/** What an event's update writes or checks in the same atomic step as the event (EventRepository.update). */
export interface EventUpdateExtras {
  mail?: readonly OutboxMessage[];
  placesAt?: Date;
  /** The event's duty roster moved with it: holders released, the others' duties at the new time. */
  duties?: DutyMove;
}

export interface EventRepository {
  /**
   * All events ordered by `eventdatetime` (`asc` or `desc`); events without a date come last in
   * either order; ties are broken by id. `limit` caps the number returned.
   */
  list(options: { order: 'asc' | 'desc'; limit?: number }): Promise<ClubEvent[]>;
  /**
   * The events not over before `from` (their end, else their start, at or after it: core rule
   * `eventEndInstant`), start ascending, then the undated ones by id: the query is bounded by
   * date, so its cost does not grow with the club's past events.
   */
  listNotOverBefore(from: Date): Promise<ClubEvent[]>;
  /** The event with this id, or null when there is none. */
  get(id: string): Promise<ClubEvent | null>;
  /** Stores a new event. Throws ConflictError if the id exists. */
  create(event: ClubEvent): Promise<void>;
  /**
   * Replaces a stored event. Throws NotFoundError if the id does not exist. With `expected`, only
   * while the stored event's `sequence` is still `expected.sequence` (atomically: a change made
   * meanwhile, such as a cancellation, is never overwritten); answers whether it was written.
   * `also.mail` (new outbox messages, each with a unique id) is written in the same write as the
   * event: with it, never without it (nothing when the event is not written). Throws
   * ConflictError, and writes nothing, when a message's id is already in the outbox.
   * With `also.placesAt` and a capacity on `event`: written only if the places the event's
   * bookings take at `placesAt` (its places ledger) fit in that capacity, decided in the same
   * atomic step as the write, so that a booking made meanwhile can never leave more places taken
   * than the capacity (bookings count the stored capacity: BookingRepository.addIfPlacesRemain).
   * When they do not fit, throws ValidationError with the core rule's message (capacityRefusal,
   * on the field `capacity`) and writes nothing.
   * With `also.duties` (the event moved): in the same atomic step, the core's `dutyMoveRefusal`
   * checks the move against the event's holders as stored and their other duties; when it
   * refuses (the roster changed meanwhile), throws ConflictError with its message and writes
   * nothing; else the released holders are taken off their slots and every other holder's duty
   * (on the slot and among the member's duties) takes the move's window.
   */
  update(event: ClubEvent, expected?: { sequence: number }, also?: EventUpdateExtras): Promise<boolean>;
  /** Removes an event. Returns false when there was none. */
  delete(id: string): Promise<boolean>;

  /**
   * Stores a new event series and its dates' events in one all-or-nothing write. Throws
   * ConflictError, storing nothing, when the series' id or any event's id exists already.
   */
  createSeries(series: EventSeries, events: readonly ClubEvent[]): Promise<void>;
  /** The series with this id, or null when there is none. */
  getSeries(id: string): Promise<EventSeries | null>;
  /** Every series, by first date, then id. */
  listSeries(): Promise<EventSeries[]>;
  /** Replaces a stored series (its events are left as they are). Throws NotFoundError if the id does not exist. */
  updateSeries(series: EventSeries): Promise<void>;
  /** The events whose `seriesId` is this id (cancelled ones too), by `eventdatetime`, then id; none for an unknown id. */
  listBySeries(seriesId: string): Promise<ClubEvent[]>;
}
