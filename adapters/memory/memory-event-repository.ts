import { ConflictError, NotFoundError } from '../../core/shared/errors';
import type { ClubEvent } from '../../core/events/event';
import { eventEndInstant } from '../../core/bookings/booking-state';
import type { EventRepository } from '../../core/events/event-repository.port';
import { compareText, instantMillis } from './compare-text';

export class MemoryEventRepository implements EventRepository {
  private readonly events = new Map<string, ClubEvent>();

  async list(options: { order: 'asc' | 'desc'; limit?: number }): Promise<ClubEvent[]> {
    const direction = options.order === 'asc' ? 1 : -1;
    const sorted = [...this.events.values()].sort((a, b) => {
      const at = instantMillis(a.eventdatetime);
      const bt = instantMillis(b.eventdatetime);
      if (at !== bt) {
        if (at === null) return 1;
        if (bt === null) return -1;
        return (at - bt) * direction;
      }
      return compareText(a.id, b.id);
    });
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
    const event = this.events.get(id);
    return event ? structuredClone(event) : null;
  }

  async create(event: ClubEvent): Promise<void> {
    if (this.events.has(event.id)) throw new ConflictError('An event with this id already exists');
    this.events.set(event.id, structuredClone(event));
  }

  async update(event: ClubEvent, expected?: { sequence: number }): Promise<boolean> {
    const stored = this.events.get(event.id);
    if (!stored) throw new NotFoundError('Event not found');
    if (expected && stored.sequence !== expected.sequence) return false;
    this.events.set(event.id, structuredClone(event));
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.events.delete(id);
  }
}
