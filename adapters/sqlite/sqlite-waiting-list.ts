import type { Knex } from 'knex';
import { WaitingListEntrySchema, type WaitingListEntry } from '../../core/waiting-list/waiting-list-entry';
import type { OutboxMessage } from '../../core/mail/mail';
import { checkedWaitingListChange, inLineOrder } from '../../core/waiting-list/waiting-list';
import type { WaitingList, WaitingListChange } from '../../core/waiting-list/waiting-list.port';
import { appendToAuditLog } from './sqlite-audit-log';
import { addToOutbox } from './sqlite-outbox';
import { instantMillis, readRow } from './sqlite-values';
import { writeTransaction } from './sqlite-write-transaction';

const TABLE = 'waitlist_entries';
const IN_LINE = ['waiting', 'offered'];
const FIELDS = ['id', 'eventId', 'name', 'email', 'places', 'joinedAt', 'status', 'offeredUntil', 'updatedAt', 'memberId'];

export class SqliteWaitingList implements WaitingList {
  constructor(private readonly db: Knex) {}

  async join(entry: WaitingListEntry, mail: readonly OutboxMessage[]): Promise<boolean> {
    // The write lock is held from the check to the insert: no other join can slip in between.
    return writeTransaction(this.db, async (trx) => {
      const taken = await trx(TABLE).where({ eventId: entry.eventId, emailKey: entry.email.toLowerCase() }).whereIn('status', IN_LINE).first('id');
      if (taken) return false;
      await trx(TABLE).insert(toRow(entry));
      await addToOutbox(trx, mail);
      return true;
    });
  }

  async get(id: string): Promise<WaitingListEntry | null> {
    const row = await this.db(TABLE).where({ id }).first(FIELDS);
    return row ? toEntry(row) : null;
  }

  async listInLine(): Promise<WaitingListEntry[]> {
    const rows = await this.db(TABLE)
      .whereIn('status', IN_LINE)
      .orderBy([{ column: 'joinedAtMs' }, { column: 'id' }])
      .select(FIELDS);
    return rows.map(toEntry);
  }

  async listByEvent(eventId: string): Promise<WaitingListEntry[]> {
    const rows = await this.db(TABLE)
      .where({ eventId })
      .orderBy([{ column: 'joinedAtMs' }, { column: 'id' }])
      .select(FIELDS);
    return rows.map(toEntry);
  }

  async listInLineForMember(member: { memberId: string; emailKey: string }, limit: number): Promise<WaitingListEntry[]> {
    // Two indexed queries (migration 0031), each limited, then merged in line order.
    const firstJoined = [{ column: 'joinedAtMs' }, { column: 'id' }];
    const own = await this.db(TABLE).where({ memberId: member.memberId }).whereIn('status', IN_LINE).orderBy(firstJoined).limit(limit).select(FIELDS);
    const guest = await this.db(TABLE)
      .where({ emailKey: member.emailKey })
      .whereNull('memberId')
      .whereIn('status', IN_LINE)
      .orderBy(firstJoined)
      .limit(limit)
      .select(FIELDS);
    return inLineOrder([...own, ...guest].map(toEntry));
  }

  async change(id: string, decide: (current: WaitingListEntry) => WaitingListChange | null): Promise<{ entry: WaitingListEntry; changed: boolean } | null> {
    return writeTransaction(this.db, async (trx) => {
      const row = await trx(TABLE).where({ id }).first(FIELDS);
      if (!row) return null;
      const stored = toEntry(row);
      const decided = decide(stored);
      if (!decided) return { entry: stored, changed: false };
      const next = checkedWaitingListChange(stored, decided.entry);
      const { id: _id, ...fields } = toRow(next);
      await trx(TABLE).where({ id }).update(fields);
      await addToOutbox(trx, decided.mail ?? []);
      await appendToAuditLog(trx, decided.audit ?? []);
      return { entry: next, changed: true };
    });
  }
}

function toRow(entry: WaitingListEntry): Record<string, unknown> {
  return { ...entry, emailKey: entry.email.toLowerCase(), joinedAtMs: instantMillis(entry.joinedAt) };
}

function toEntry(row: Record<string, unknown>): WaitingListEntry {
  return readRow(WaitingListEntrySchema, row, {});
}
