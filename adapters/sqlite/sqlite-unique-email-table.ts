import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import type { UniqueEmailMessages } from '../unique-email-messages';
import { isUniqueViolation } from './sqlite-errors';

/**
 * How a record of such a table is written to its row (its own columns: the table adds `uid`,
 * `email` and `emailKey`) and read back from it.
 */
export interface UniqueEmailRows<T> {
  toRow(record: T): Record<string, unknown>;
  fromRow(row: Record<string, unknown>): T;
}

/**
 * A repository of records keyed by user id whose `emailKey` column (the lower-cased e-mail) has a
 * unique index (admins, local credentials): reads by either key, and writes that say which key
 * was taken.
 */
export abstract class UniqueEmailTable<T extends { uid: string; email: string }> {
  constructor(
    protected readonly db: Knex,
    protected readonly table: string,
    private readonly messages: UniqueEmailMessages,
    private readonly rows: UniqueEmailRows<T>,
  ) {}

  async getByUid(uid: string): Promise<T | null> {
    const row = await this.db(this.table).where({ uid }).first();
    return row ? this.rows.fromRow(row) : null;
  }

  async getByEmail(email: string): Promise<T | null> {
    const row = await this.db(this.table).where({ emailKey: email.toLowerCase() }).first();
    return row ? this.rows.fromRow(row) : null;
  }

  /** Adds the record; ConflictError naming the key (user id or e-mail) that is taken. */
  async create(record: T): Promise<void> {
    try {
      await this.db(this.table).insert(this.row(record));
    } catch (error) {
      if (isUniqueViolation(error)) {
        const uidTaken = await this.db(this.table).where({ uid: record.uid }).first('uid');
        throw new ConflictError(uidTaken ? this.messages.uidTaken : this.messages.emailTaken);
      }
      throw error;
    }
  }

  /** Replaces the record; NotFoundError for an unknown id, ConflictError when another has the e-mail. */
  async update(record: T): Promise<void> {
    let changed: number;
    try {
      changed = await this.db(this.table).where({ uid: record.uid }).update(this.row(record));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(this.messages.emailTaken);
      throw error;
    }
    if (changed === 0) throw new NotFoundError(this.messages.notFound);
  }

  private row(record: T): Record<string, unknown> {
    return { uid: record.uid, email: record.email, emailKey: record.email.toLowerCase(), ...this.rows.toRow(record) };
  }
}
