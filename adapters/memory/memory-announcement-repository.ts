import { newestAnnouncementsFirst, type Announcement } from '../../core/announcements/announcement';
import type { AnnouncementRepository, AnnouncementWrites } from '../../core/announcements/announcement-repository.port';
import { MemoryAuditLog } from './memory-audit-log';
import { MemoryPushOutbox } from './memory-push-outbox';
import type { OutboxMessage } from '../../core/mail/mail';
import { MemoryOutbox } from './memory-outbox';

/** Announcements in memory, their e-mails, audit entries and push deliveries in the given outbox, audit log and push outbox. */
export class MemoryAnnouncementRepository implements AnnouncementRepository {
  private readonly announcements = new Map<string, Announcement>();

  constructor(
    private readonly outbox: MemoryOutbox = new MemoryOutbox(),
    private readonly audit: MemoryAuditLog = new MemoryAuditLog(),
    private readonly pushOutbox: MemoryPushOutbox = new MemoryPushOutbox(),
  ) {}

  async add(announcement: Announcement, mail: readonly OutboxMessage[], also: AnnouncementWrites = {}): Promise<boolean> {
    // No await between the check and the writes: atomic within this process.
    if (this.announcements.has(announcement.id)) return false;
    this.audit.checkNew(also.audit ?? []);
    this.announcements.set(announcement.id, structuredClone(announcement));
    this.audit.appendNow(also.audit ?? []);
    this.pushOutbox.addNow(also.push ?? []);
    for (const message of mail) {
      if (!this.outbox.has(message.id)) this.outbox.addNow([message]);
    }
    return true;
  }

  async get(id: string): Promise<Announcement | null> {
    const found = this.announcements.get(id);
    return found ? structuredClone(found) : null;
  }

  async listByEvent(eventId: string): Promise<Announcement[]> {
    return newestAnnouncementsFirst([...this.announcements.values()].filter((a) => a.eventId === eventId)).map((a) => structuredClone(a));
  }

  async listByEvents(eventIds: readonly string[], limit: number): Promise<Announcement[]> {
    const ids = new Set(eventIds);
    return newestAnnouncementsFirst([...this.announcements.values()].filter((a) => ids.has(a.eventId)))
      .slice(0, limit)
      .map((a) => structuredClone(a));
  }
}
