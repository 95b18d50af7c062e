import { NotFoundError } from '../../core/shared/errors';
import type { ClubEvent } from '../../core/events/event';
import { eventEndInstant } from '../../core/bookings/booking-state';
import type { EventRepository } from '../../core/events/event-repository.port';
import { byInstantThenId } from './compare-text';
import { addCopy, copyOrNull } from './memory-records';
import type { OutboxMessage } from '../../core/mail/mail';
import { MemoryOutbox } from './memory-outbox';

export class MemoryEventRepository implements EventRepository {
  private readonly events = new Map<string, ClubEvent>();

  /** `outbox`: where the mail written with an update goes (the same store's). */
  constructor(private readonly outbox: MemoryOutbox = new MemoryOutbox()) {}

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

  async update(event: ClubEvent, expected?: { sequence: number }, mail: readonly OutboxMessage[] = []): Promise<boolean> {
    const stored = this.events.get(event.id);
    if (!stored) throw new NotFoundError('Event not found');
    if (expected && stored.sequence !== expected.sequence) return false;
    this.outbox.checkNew(mail);
    this.events.set(event.id, structuredClone(event));
    this.outbox.addNow(mail);
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.events.delete(id);
  }
}
