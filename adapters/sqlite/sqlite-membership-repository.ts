import type { Knex } from 'knex';
import { z } from 'zod';
import { MembershipCategorySchema, type MembershipCategory } from '../../core/membership/membership-category';
import { categoryNameKey, compareCategories, type MembershipRepository } from '../../core/membership/membership-repository.port';
import { MembershipSettingsSchema, type MembershipSettings } from '../../core/membership/membership-settings';
import { ConflictError, NotFoundError } from '../../core/shared/errors';
import { CATEGORY_STORE_MESSAGES, validCategory, validSettings } from '../membership-records';
import { isUniqueViolation } from './sqlite-errors';
import { readRow, writeBoolean } from './sqlite-values';

/** One column a field of the category, derived from its schema so that a new field cannot be left out. */
export const CATEGORY_COLUMNS = MembershipCategorySchema.keyof().options;
/** The yes/no fields, stored as 0 or 1. */
const BOOLEANS = CATEGORY_COLUMNS.filter((field) => MembershipCategorySchema.shape[field] instanceof z.ZodBoolean);

function toRow(category: MembershipCategory): Record<string, unknown> {
  const row: Record<string, unknown> = { ...category, nameKey: categoryNameKey(category.name) };
  for (const field of BOOLEANS) row[field] = writeBoolean(category[field] as boolean);
  return row;
}

function toCategory(row: Record<string, unknown>): MembershipCategory {
  return readRow(MembershipCategorySchema, row, { booleans: BOOLEANS });
}

/**
 * Membership categories in `membership_categories` (migration 0048), whose unique `nameKey` keeps
 * names unique case-insensitively even when two admins add one at once; the settings in
 * `membership_settings`, one row of JSON.
 */
export class SqliteMembershipRepository implements MembershipRepository {
  constructor(private readonly db: Knex) {}

  async listCategories(): Promise<MembershipCategory[]> {
    const rows: Record<string, unknown>[] = await this.db('membership_categories').select(...CATEGORY_COLUMNS);
    return rows.map(toCategory).sort(compareCategories);
  }

  async getCategory(id: string): Promise<MembershipCategory | null> {
    if (typeof id !== 'string') return null;
    const row: Record<string, unknown> | undefined = await this.db('membership_categories')
      .select(...CATEGORY_COLUMNS)
      .where({ id })
      .first();
    return row ? toCategory(row) : null;
  }

  async createCategory(category: MembershipCategory): Promise<void> {
    const valid = validCategory(category);
    try {
      await this.db('membership_categories').insert(toRow(valid));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.conflict(valid, (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY');
    }
  }

  async updateCategory(category: MembershipCategory): Promise<void> {
    const valid = validCategory(category);
    const { id, ...fields } = toRow(valid);
    let changed: number;
    try {
      changed = await this.db('membership_categories').where({ id }).update(fields);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.conflict(valid, false);
    }
    if (changed === 0) throw new NotFoundError(CATEGORY_STORE_MESSAGES.notFound);
  }

  async getSettings(): Promise<MembershipSettings | null> {
    const row: { settings: string } | undefined = await this.db('membership_settings').select('settings').where({ key: 'settings' }).first();
    return row ? MembershipSettingsSchema.parse(JSON.parse(row.settings)) : null;
  }

  async saveSettings(settings: MembershipSettings): Promise<void> {
    const valid = validSettings(settings);
    await this.db('membership_settings')
      .insert({ key: 'settings', settings: JSON.stringify(valid) })
      .onConflict('key')
      .merge();
  }

  /** The refusal of a write a unique index stopped: the id taken, or the name another category has. */
  private async conflict(category: MembershipCategory, idTaken: boolean): Promise<ConflictError> {
    if (idTaken) return new ConflictError(CATEGORY_STORE_MESSAGES.idTaken);
    const other: { name: string } | undefined = await this.db('membership_categories')
      .select('name')
      .where({ nameKey: categoryNameKey(category.name) })
      .first();
    return new ConflictError(CATEGORY_STORE_MESSAGES.nameTaken(other?.name ?? category.name));
  }
}
