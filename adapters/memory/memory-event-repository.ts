import { ConflictError, NotFoundError } from '../../core/shared/errors';
import type { EventSeries } from '../../core/events/event-series';
import type { ClubEvent } from '../../core/events/event';
import { eventEndInstant } from '../../core/events/event-time';
import type { EventRepository, EventUpdateExtras } from '../../core/events/event-repository.port';
import { byInstantThenId, compareText } from './compare-text';
import { addCopy, copyOrNull } from './memory-records';
import { requireCapacityFits } from '../../core/events/event-form';
import { MemoryOutbox } from './memory-outbox';
import { MemoryDutyRepository } from './memory-duty-repository';

export class MemoryEventRepository implements EventRepository {
  private readonly events = new Map<string, ClubEvent>();
  private readonly series = new Map<string, EventSeries>();

  private readonly placesTaken: (eventId: string, now: Date) => number;
  private readonly outbox: MemoryOutbox;
  private readonly duties: MemoryDutyRepository;

  /**
   * `placesTaken`: the event's places taken at a moment (the same store's bookings), for update's
   * capacity check; `outbox`: where the mail written with an update goes (the same store's);
   * `duties`: the duty roster a moved event's duties move in (the same store's).
   */
  constructor(options: { placesTaken?: (eventId: string, now: Date) => number; outbox?: MemoryOutbox; duties?: MemoryDutyRepository } = {}) {
    this.placesTaken = options.placesTaken ?? (() => 0);
    this.outbox = options.outbox ?? new MemoryOutbox();
    this.duties = options.duties ?? new MemoryDutyRepository();
  }

  /** The stored event's capacity; undefined when there is no such event. */
  capacityOf(id: string): number | null | undefined {
    return this.events.get(id)?.capacity;
  }

  async list(options: { order: 'asc' | 'desc'; limit?: number }): Promise<ClubEvent[]> {
    const direction = options.order === 'asc' ? 1 : -1;
    const sorted = [...this.events.values()].sort(byInstantThenId((event) => event.eventdatetime, direction));
    const limited = options.limit === undefined ? sorted : sorted.slice(0, Math.max(0, options.limit));
    return limited.map((event) => structuredClone(event));
  }

  async listNotOverBefore(from: Date): Promise<ClubEvent[]> {
    return (await this.list({ order: 'asc' })).filter((event) => {
      const end = eventEndInstant(event);
      return end === null || end.getTime() >= from.getTime();
    });
  }

  async get(id: string): Promise<ClubEvent | null> {
    return copyOrNull(this.events.get(id));
  }

  async create(event: ClubEvent): Promise<void> {
    addCopy(this.events, event.id, event, 'An event with this id already exists');
  }

  // No await: the check and the write are atomic with every booking of this process.
  async update(event: ClubEvent, expected?: { sequence: number }, also: EventUpdateExtras = {}): Promise<boolean> {
    const { mail = [], placesAt, duties } = also;
    const stored = this.events.get(event.id);
    if (!stored) throw new NotFoundError('Event not found');
    if (expected && stored.sequence !== expected.sequence) return false;
    if (placesAt) requireCapacityFits(event.capacity, this.placesTaken(event.id, placesAt));
    this.outbox.checkNew(mail);
    const moveDuties = duties ? this.duties.prepareEventMove(duties) : null;
    this.events.set(event.id, structuredClone(event));
    this.outbox.addNow(mail);
    moveDuties?.();
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.events.delete(id);
  }

  async createSeries(series: EventSeries, events: readonly ClubEvent[]): Promise<void> {
    const ids = events.map((event) => event.id);
    if (this.series.has(series.id)) throw new ConflictError('An event series with this id already exists');
    if (new Set(ids).size !== ids.length || ids.some((id) => this.events.has(id))) throw new ConflictError('An event with this id already exists');
    this.series.set(series.id, structuredClone(series));
    for (const event of events) this.events.set(event.id, structuredClone(event));
  }

  async getSeries(id: string): Promise<EventSeries | null> {
    return copyOrNull(this.series.get(id));
  }

  async listSeries(): Promise<EventSeries[]> {
    return [...this.series.values()].sort((a, b) => compareText(a.firstDate, b.firstDate) || compareText(a.id, b.id)).map((series) => structuredClone(series));
  }

  async updateSeries(series: EventSeries): Promise<void> {
    if (!this.series.has(series.id)) throw new NotFoundError('Event series not found');
    this.series.set(series.id, structuredClone(series));
  }

  async listBySeries(seriesId: string): Promise<ClubEvent[]> {
    return (await this.list({ order: 'asc' })).filter((event) => event.seriesId === seriesId);
  }
}
