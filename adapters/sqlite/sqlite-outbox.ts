import type { Knex } from 'knex';
import { OutboxMessageSchema, type OutboxMessage, type OutboxStatus } from '../../core/mail/mail';
import { ConflictError } from '../../core/shared/errors';
import type { ClaimedMessage, Outbox } from '../../core/mail/outbox.port';
import { dueAtMs } from '../../core/mail/outbox';
import { isUniqueViolation } from './sqlite-errors';
import { claimDueRows, renewClaimedRow, settleClaimedRow } from './sqlite-claims';
import type { PreparedWrites } from './sqlite-write-transaction';

function row(message: OutboxMessage) {
  const { id, kind, recordId, status } = message;
  return { id, kind, recordId, status, createdAtMs: Date.parse(message.createdAt), dueAtMs: dueAtMs(message), claim: null, message: JSON.stringify(message) };
}

/** Writes messages in the caller's transaction (a booking and its confirmation, together). */
export async function addToOutbox(trx: Knex.Transaction, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length > 0) await trx('outbox').insert(messages.map(row));
}

/**
 * Writes the messages whose ids are not stored yet, in the caller's transaction, leaving any stored
 * one as it is (never queued again): a change tried again after a half-done attempt sends none twice.
 */
export async function addNewToOutbox(trx: Knex.Transaction, messages: readonly OutboxMessage[]): Promise<void> {
  // In slices: SQLite limits the values one statement may bind.
  for (let at = 0; at < messages.length; at += 500) {
    await trx('outbox')
      .insert(messages.slice(at, at + 500).map(row))
      .onConflict('id')
      .ignore();
  }
}

/** addToOutbox in a prepared write transaction (preparedWriteTransaction). */
export function insertIntoOutbox(writes: PreparedWrites, messages: readonly OutboxMessage[]): void {
  writes.insert('outbox', messages.map(row));
}

const read = (stored: { message: string }): OutboxMessage => OutboxMessageSchema.parse(JSON.parse(stored.message));

/** The outbox in the `outbox` table; claims are taken in one write transaction, so two senders never share one. */
export class SqliteOutbox implements Outbox {
  constructor(private readonly db: Knex) {}

  async add(messages: readonly OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    try {
      await this.db('outbox').insert(messages.map(row));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('An outbox message with this id already exists');
      throw error;
    }
  }

  async addOnce(message: OutboxMessage): Promise<boolean> {
    try {
      await this.db('outbox').insert(row(message));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    const claimed = await claimDueRows(this.db, 'outbox', 'message', now, leaseMs, limit);
    return claimed.map(({ stored, claim }) => ({ message: read({ message: stored as string }), claim }));
  }

  renew(claim: ClaimedMessage, now: Date, leaseMs: number): Promise<boolean> {
    return renewClaimedRow(this.db, 'outbox', claim.message.id, claim.claim, new Date(now.getTime() + leaseMs));
  }

  settle(claim: ClaimedMessage, outcome: OutboxMessage): Promise<boolean> {
    return settleClaimedRow(this.db, 'outbox', claim.message.id, claim.claim, row(outcome));
  }

  async get(id: string): Promise<OutboxMessage | null> {
    const stored = await this.db('outbox').where({ id }).first('message');
    return stored ? read(stored) : null;
  }

  async list(filter: { status?: OutboxStatus; recordId?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    const query = this.db('outbox')
      .orderBy([{ column: 'createdAtMs', order: 'desc' }, { column: 'id' }])
      .limit(filter.limit ?? 200)
      .select('message');
    if (filter.status !== undefined) query.where({ status: filter.status });
    if (filter.recordId !== undefined) query.where({ recordId: filter.recordId });
    return (await query).map(read);
  }

  async replace(message: OutboxMessage): Promise<boolean> {
    return (await this.db('outbox').where({ id: message.id }).update(row(message))) > 0;
  }
}
