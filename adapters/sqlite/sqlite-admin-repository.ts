import type { Knex } from 'knex';
import { AdminSchema, type Admin } from '../../core/admins/admin';
import type { AdminRepository } from '../../core/admins/admin-repository.port';
import { ADMIN_MESSAGES } from '../unique-email-messages';
import { UniqueEmailTable } from './sqlite-unique-email-table';
import { readRow, writeBoolean } from './sqlite-values';

export class SqliteAdminRepository extends UniqueEmailTable<Admin> implements AdminRepository {
  constructor(db: Knex) {
    super(db, 'admins', ADMIN_MESSAGES, { toRow, fromRow: toAdmin });
  }

  async list(): Promise<Admin[]> {
    const rows = await this.db('admins')
      .select('*')
      .orderBy([
        { column: 'emailKey', order: 'asc' },
        { column: 'uid', order: 'asc' },
      ]);
    return rows.map(toAdmin);
  }

  async count(): Promise<number> {
    const row = await this.db('admins').count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }
}

function toRow(admin: Admin): Record<string, unknown> {
  return {
    name: admin.name,
    role: admin.role,
    permissions: JSON.stringify(admin.permissions),
    disabled: writeBoolean(admin.disabled),
    createdAt: admin.createdAt,
  };
}

function toAdmin(row: Record<string, unknown>): Admin {
  return readRow(AdminSchema, row, { booleans: ['disabled'], json: ['permissions'] });
}
