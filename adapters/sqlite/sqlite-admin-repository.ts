import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { AdminSchema, type Admin } from '../../core/admins/admin';
import type { AdminRepository } from '../../core/admins/admin-repository.port';
import { isUniqueViolation } from './sqlite-errors';
import { readRow, writeBoolean } from './sqlite-values';

export class SqliteAdminRepository implements AdminRepository {
  constructor(private readonly db: Knex) {}

  async getByUid(uid: string): Promise<Admin | null> {
    const row = await this.db('admins').where({ uid }).first();
    return row ? toAdmin(row) : null;
  }

  async getByEmail(email: string): Promise<Admin | null> {
    const row = await this.db('admins').where({ emailKey: email.toLowerCase() }).first();
    return row ? toAdmin(row) : null;
  }

  async list(): Promise<Admin[]> {
    const rows = await this.db('admins').select('*').orderBy([
      { column: 'emailKey', order: 'asc' },
      { column: 'uid', order: 'asc' },
    ]);
    return rows.map(toAdmin);
  }

  async count(): Promise<number> {
    const row = await this.db('admins').count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async create(admin: Admin): Promise<void> {
    try {
      await this.db('admins').insert(toRow(admin));
    } catch (error) {
      if (isUniqueViolation(error)) {
        const uidTaken = await this.db('admins').where({ uid: admin.uid }).first('uid');
        throw new ConflictError(
          uidTaken ? 'An admin with this user id already exists' : 'An admin with this e-mail already exists',
        );
      }
      throw error;
    }
  }

  async update(admin: Admin): Promise<void> {
    let changed: number;
    try {
      changed = await this.db('admins').where({ uid: admin.uid }).update(toRow(admin));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('An admin with this e-mail already exists');
      throw error;
    }
    if (changed === 0) throw new NotFoundError('Admin not found');
  }
}

function toRow(admin: Admin): Record<string, unknown> {
  return {
    uid: admin.uid,
    email: admin.email,
    emailKey: admin.email.toLowerCase(),
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
