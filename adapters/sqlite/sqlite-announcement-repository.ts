import type { Knex } from 'knex';
import { AnnouncementSchema, type Announcement } from '../../core/announcements/announcement';
import type { AnnouncementRepository, AnnouncementWrites } from '../../core/announcements/announcement-repository.port';
import { ConflictError } from '../../core/shared/errors';
import { appendToAuditLog } from './sqlite-audit-log';
import { isUniqueViolation } from './sqlite-errors';
import { addNewToPushOutbox } from './sqlite-push-outbox';
import type { OutboxMessage } from '../../core/mail/mail';
import { addNewToOutbox } from './sqlite-outbox';
import { instantMillis } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';

const TABLE = 'announcements';

const read = (row: { value: string }): Announcement => AnnouncementSchema.parse(JSON.parse(row.value));

/** Announcements in `announcements` (migration 0056); their e-mails, push deliveries and audit entries in `outbox`, `push_outbox` and `audit_log`, in the same transaction. */
export class SqliteAnnouncementRepository implements AnnouncementRepository {
  constructor(private readonly db: Knex) {}

  async add(announcement: Announcement, mail: readonly OutboxMessage[], also: AnnouncementWrites = {}): Promise<boolean> {
    // The write lock is held from the check to the inserts: of two adds with one id, one writes.
    return writeTransaction(this.db, async (trx) => {
      if (await trx(TABLE).where({ id: announcement.id }).first('id')) return false;
      await trx(TABLE).insert({
        id: announcement.id,
        eventId: announcement.eventId,
        sentAtMs: instantMillis(announcement.sentAt),
        value: JSON.stringify(announcement),
      });
      await addNewToOutbox(trx, mail);
      await addNewToPushOutbox(trx, also.push ?? []);
      try {
        await appendToAuditLog(trx, also.audit ?? []);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('An audit entry with this id already exists');
        throw error;
      }
      return true;
    });
  }

  async get(id: string): Promise<Announcement | null> {
    const row = await this.db(TABLE).where({ id }).first('value');
    return row ? read(row) : null;
  }

  async listByEvent(eventId: string): Promise<Announcement[]> {
    const rows = await this.db(TABLE)
      .where({ eventId })
      .orderBy([{ column: 'sentAtMs', order: 'desc' }, { column: 'id' }])
      .select('value');
    return rows.map(read);
  }

  async listByEvents(eventIds: readonly string[], limit: number): Promise<Announcement[]> {
    if (eventIds.length === 0 || limit <= 0) return [];
    const rows = await this.db(TABLE)
      .whereIn('eventId', [...eventIds])
      .orderBy([{ column: 'sentAtMs', order: 'desc' }, { column: 'id' }])
      .limit(limit)
      .select('value');
    return rows.map(read);
  }
}
